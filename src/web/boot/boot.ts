/**
 * The boot script: a tiny classic script at the top of <head> (built and linked by
 * boot-plugin.ts), run before the page paints and while the app's modules download.
 *
 * 1. Applies the saved theme, so a dark choice never flashes light (and vice versa).
 * 2. Fetches the lazily loaded page of the address ahead (/trending, /results, /watch/:id, /courses,
 *    /course/:slug), so it does not wait for the app to ask for it.
 * 3. Server mode: sends the first screen's API requests, which the app then takes up (unless the
 *    server rendered the page with its answers: `<html data-rendered>`).
 * 4. A page the server rendered: runs its code (fetched at once, linked inert) after its first
 *    paint.
 *
 * Failures are quiet: the app does all of this itself anyway, only later.
 */
import { applyStoredTheme } from '../lib/theme';
import { storedToken } from '../state/auth-storage';
import { afterFirstPaint, loadCodeAfterPaint, whenParsed } from './code-after-paint';
import { sendEarlyRequests } from './early-requests';
import { firstScreen } from './first-screen';

/** Filled in by the build: each early page's JS and CSS files (boot-plugin.ts). */
declare const __BOOT_PAGE_FILES__: Record<string, string[]>;
/** Filled in by the build: whether the API is a server to ask (false in mock builds). */
declare const __BOOT_EARLY_REQUESTS__: boolean;

function preload(href: string, low: boolean): void {
  const link = document.createElement('link');
  // A page the server rendered paints from its HTML: its screen's code comes after the page's own
  // needs, as its entry module does (src/server/seo/page-code.ts).
  if (low) link.fetchPriority = 'low';
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // As the app's own loader asks for them (CORS, crossorigin=""), or the preload is not reused.
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

try {
  applyStoredTheme();
} catch {
  // No storage: the system's theme.
}

try {
  const screen = firstScreen(window.location.pathname, window.location.search);
  const rendered = document.documentElement.hasAttribute('data-rendered');
  const pageFiles = (screen.page && __BOOT_PAGE_FILES__[screen.page]) || [];
  if (rendered) {
    // A page the server rendered paints from its HTML, and carries its first screen's answers.
    // Its screen's files are asked for after its entry (linked below, which this inline script
    // would otherwise overtake: a phone's six connections then carried them first, and the
    // entry, the largest, a round trip later); its code runs after the paint, so that evaluating
    // it never holds that paint back.
    whenParsed(() => {
      for (const href of pageFiles) preload(href, true);
    });
    afterFirstPaint(() => loadCodeAfterPaint());
  } else {
    for (const href of pageFiles) preload(href, false);
    if (__BOOT_EARLY_REQUESTS__) sendEarlyRequests(screen.requests, storedToken());
  }
} catch {
  // The app asks for everything itself.
}
