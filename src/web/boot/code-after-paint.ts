/**
 * How a page the server rendered runs the app's code: its files are fetched at once (module
 * preloads, low priority), its entry script is linked inert (a type the browser does not run),
 * and the boot script (boot.ts) starts it once the page has painted, so that evaluating the code
 * never holds that paint back (decision 0028). The server writes the inert form
 * (src/server/seo/page-code.ts).
 */

/** A module script's type while it waits for the first paint. */
export const SCRIPT_AFTER_PAINT = 'codetube/module-after-paint';

/** Runs `then` once the document has been parsed (at once if it has). */
export function whenParsed(then: () => void, doc: Document = document): void {
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

/**
 * Runs `start` once the page has painted: when the browser reports its first contentful paint
 * (the frame shown, not only drawn), or after the first frame where paints are not reported. A
 * tab hidden when the page is parsed paints nothing: there it runs at once.
 */
export function afterFirstPaint(start: () => void, doc: Document = document): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const painted = () => setTimeout(once, 0);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // A frame's callbacks run just before it paints; a task queued there runs after it.
    whenParsed(() => requestAnimationFrame(painted), doc);
  }
  whenParsed(() => {
    if (doc.visibilityState !== 'visible') once();
  }, doc);
}

/** Runs the entry a rendered page links inert (fetched already, by its module preload). */
export function loadCodeAfterPaint(doc: Document = document): void {
  for (const inert of doc.querySelectorAll<HTMLScriptElement>(
    `script[type="${SCRIPT_AFTER_PAINT}"]`,
  )) {
    const script = doc.createElement('script');
    script.type = 'module';
    script.setAttribute('fetchpriority', 'low');
    script.crossOrigin = '';
    script.src = inert.src;
    inert.replaceWith(script);
  }
}
