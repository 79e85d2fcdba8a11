/**
 * The server's page renderer: dist/web-render/render-page.js, which `npm run build` makes beside
 * dist/web from the web app's own code (src/web/ssr/render-page.tsx, React inside). Loaded once;
 * a build without it serves each page's head only, and the browser draws the page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Answers an API request as the server would answer the visitor's own (their address's limits). */
export type ApiFetch = (request: Request) => Promise<Response>;

/** A page as rendered: the HTML inside #root, and the script (after it) that carries its data. */
export interface RenderedPage {
  html: string;
  dataScript: string;
}

/** Renders the page at a path (with its query); undefined when its data could not be read. */
export type PageRenderer = (url: string, fetchApi: ApiFetch) => Promise<RenderedPage | undefined>;

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
