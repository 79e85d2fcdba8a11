/**
 * How a rendered page links the app's code: at low fetch priority, since the page paints from its
 * HTML alone (decision 0025); and back as index.html links it (for the shell, which tests and
 * benches draw in the browser as a same-run baseline).
 */

const MODULE_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="[^"]+">/g;
const LOW_PRIORITY = / fetchpriority="low"/g;
const RENDERED_ROOT =
  /<div id="root">[\s\S]*<\/div><script id="codetube-data" type="application\/json">[^<]*<\/script>/;

/** index.html's entry and module preloads asked for at low priority (after the page's own). */
export function lowPriorityCode(html: string): string {
  const low = (tag: string) => tag.replace(/^<(script|link)/, '<$1 fetchpriority="low"');
  return html.replace(MODULE_SCRIPT, low).replace(MODULE_PRELOADS, low);
}

/** A rendered page's code linked again as index.html links it (default priority). */
export function linkedCode(html: string): string {
  return html.replace(LOW_PRIORITY, '');
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
