/**
 * How a rendered page carries the app's code: by name, for its inline boot script to load once
 * the page has painted (src/web/boot/boot.ts, decision 0025), and back (the shell as index.html
 * has it, which tests and benches use as a same-run baseline).
 */

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const NAMED_MODULE = /<meta name="codetube:module" content="([^"]+)">/;
const NAMED_PRELOADS = /<meta name="codetube:modulepreload" content="([^"]+)">/g;
const RENDERED_ROOT =
  /<div id="root">[\s\S]*<\/div><script id="codetube-data" type="application\/json">[^<]*<\/script>/;

/** index.html's entry and module preloads as `<meta name="codetube:…">` names. */
export function namedCode(html: string): string {
  return html
    .replace(MODULE_SCRIPT, (_, src: string) => `<meta name="codetube:module" content="${src}">`)
    .replace(
      MODULE_PRELOADS,
      (_, href: string) => `<meta name="codetube:modulepreload" content="${href}">`,
    );
}

/** A rendered page's named code linked again as index.html links it (asked for at once). */
export function linkedCode(html: string): string {
  return html
    .replace(
      NAMED_MODULE,
      (_, src: string) => `<script type="module" crossorigin src="${src}"></script>`,
    )
    .replace(
      NAMED_PRELOADS,
      (_, href: string) => `<link rel="modulepreload" crossorigin href="${href}">`,
    );
}

/**
 * A rendered page as the app's shell: its code linked, no page in #root and no data, as the
 * server sends a page it did not render (a read that failed, renders busy); the browser draws it.
 */
export function shellOf(html: string): string {
  return linkedCode(html)
    .replace(' data-rendered=""', '')
    .replace(RENDERED_ROOT, '<div id="root"></div>');
}
