// @vitest-environment jsdom
// (for DOMParser: the page is read as a browser reads it)
import { describe, expect, it } from 'vitest';
import { withRenderedPage } from './seo-answers';

/**
 * A rendered page carries catalogue text (a description, a title) into index.html, and the
 * patterns that place the app's styles and code then run over it (issue 42, finding 12). They
 * cannot backtrack over a run of 100,000 spaces or tabs; these pages guard that: a pattern that
 * scanned the run from each of its characters took seconds, past the test's timeout (a guard
 * against quadratic work, not a timing assertion).
 */
describe('a rendered page holding hostile text', () => {
  const index =
    '<!doctype html><html><head><title>CodeTube</title>\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
    '</head><body><div id="root"><!--app--><div class="boot-bar"></div><!--/app--></div></body></html>';
  const styles = '.card{color:red}';
  const dataScript = '<script id="codetube-data" type="application/json">{}</script>';

  for (const [name, run] of [
    ['spaces', ' '.repeat(100_000)],
    ['tabs', '\t'.repeat(100_000)],
    ['spaces and tabs before a link-like text', `${' \t'.repeat(50_000)}&lt;link rel="stylesheet"`],
  ] as const) {
    it(`places the styles and keeps a description of 100,000 ${name}`, () => {
      const description = `a${run}b`;
      const rendered = withRenderedPage(
        index,
        { html: `<p>${description}</p>`, dataScript },
        styles,
      );
      const page = new DOMParser().parseFromString(rendered!, 'text/html');
      expect(page.querySelector('#root p')?.textContent).toBe(description.replaceAll('&lt;', '<'));
      expect([...page.querySelectorAll('head style')].map((style) => style.textContent)).toEqual([
        styles,
      ]);
      expect(page.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
      // The link's line went whole, its indentation with it.
      expect(rendered).toContain(`<title>CodeTube</title>\n<style>${styles}</style>\n<`);
    });
  }
});
