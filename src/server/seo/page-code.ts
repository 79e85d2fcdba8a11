/**
 * How a rendered page links the app's code: fetched at once at low priority (module preloads),
 * run only once the page has painted (its entry script linked inert, for the boot script to start:
 * src/web/boot/code-after-paint.ts, decision 0028); and back as index.html links it (for the
 * shell, which tests and benches draw in the browser as a same-run baseline).
 */
import { SCRIPT_AFTER_PAINT } from '../../web/boot/code-after-paint';

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="[^"]+">/g;
const LOW_PRIORITY = / fetchpriority="low"/g;
const INERT_ENTRY =
  /<link rel="modulepreload" fetchpriority="low" crossorigin href="[^"]+">(<script) type="codetube\/module-after-paint"/;
const RENDERED_ROOT =
  /<div id="root">[\s\S]*<\/div><script id="codetube-data" type="application\/json">[^<]*<\/script>/;

/**
 * index.html's entry and module preloads fetched at low priority, and its entry linked inert: the
 * boot script runs it after the page's first paint.
 */
export function codeAfterPaint(html: string): string {
  const low = (tag: string) => tag.replace(/^<(link)/, '<$1 fetchpriority="low"');
  return html
    .replace(MODULE_PRELOADS, low)
    .replace(
      MODULE_SCRIPT,
      (_, src: string) =>
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="${src}">` +
        `<script type="${SCRIPT_AFTER_PAINT}" crossorigin src="${src}"></script>`,
    );
}

/** A rendered page's code linked again as index.html links it (run at once, default priority). */
export function linkedCode(html: string): string {
  return html.replace(INERT_ENTRY, '$1 type="module"').replace(LOW_PRIORITY, '');
}

/**
 * A rendered page as the app's shell: its code linked as built, no page in #root and no data, as
 * the server sends a page it did not render (a read that failed, renders busy); the browser draws
 * it.
 */
export function shellOf(html: string): string {
  return linkedCode(html)
    .replace(' data-rendered=""', '')
    .replace(RENDERED_ROOT, '<div id="root"></div>');
}
