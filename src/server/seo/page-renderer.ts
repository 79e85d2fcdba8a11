/**
 * The server's page renderer: dist/web-render/render-page.js, which `npm run build` makes beside
 * dist/web from the web app's own code (src/web/ssr/render-page.tsx, React inside). Loaded once;
 * a build without it serves each page's head only, and the browser draws the page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Answers an API request as the server would answer the visitor's own (their address's limits). */
export type ApiFetch = (request: Request) => Promise<Response>;

/** A page as rendered: the HTML inside #root, and the script (after it) that carries its data. */
export interface RenderedPage {
  html: string;
  dataScript: string;
}

/**
 * Renders the page at a path (with its query); undefined when its data could not be read. Once
 * `signal` aborts, the render is abandoned (its result is not used): it should stop.
 */
export type PageRenderer = (
  url: string,
  fetchApi: ApiFetch,
  signal?: AbortSignal,
) => Promise<RenderedPage | undefined>;

/** Where the renderer is for a web build's folder: dist/web → dist/web-render/render-page.js. */
export const rendererPath = (webDir: string) => join(`${webDir}-render`, 'render-page.js');

/** The renderer built for `webDir`, or undefined when that build has none. */
export async function loadPageRenderer(webDir: string): Promise<PageRenderer | undefined> {
  const file = rendererPath(webDir);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: PageRenderer };
  if (typeof module.renderPage !== 'function') {
    throw new Error(`${file} has no renderPage: build the app again (npm run build)`);
  }
  return module.renderPage;
}

/**
 * Every stylesheet of the built app, as one text: those index.html links first, in its order, then
 * the screens' own (loaded with their code otherwise). A rendered page carries them inline, so it
 * paints styled as soon as its HTML is in, without a round trip for a stylesheet, and a screen's
 * styles are there before its code (about 12 KB gzip in all).
 */
export function pageStyles(webDir: string): string {
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
  const linked = [
    ...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g),
  ].map((match) => match[1]!);
  const all = readdirSync(join(webDir, 'assets')).filter((name) => name.endsWith('.css'));
  const rest = all.filter((name) => !linked.includes(name)).sort();
  return [...linked, ...rest]
    .map((name) => readFileSync(join(webDir, 'assets', name), 'utf8'))
    .join('\n');
}

/**
 * The boot script index.html links (src/web/boot), as text: a rendered page carries it inline
 * (the CSP allows it by its hash), so painting waits for no second round trip. Undefined when the
 * build links none, or its text could end its element.
 */
export function bootScript(webDir: string): { tag: string; text: string } | undefined {
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
  const linked = /<script src="\/assets\/(boot-[\w-]+\.js)"><\/script>/.exec(indexHtml);
  if (!linked) return undefined;
  const text = readFileSync(join(webDir, 'assets', linked[1]!), 'utf8');
  return /<\/script|<!--/i.test(text) ? undefined : { tag: linked[0], text };
}
