/**
 * The boot script: a tiny classic script at the top of <head> (built and linked by
 * boot-plugin.ts), run before the page paints and while the app's modules download.
 *
 * 1. Applies the saved theme, so a dark choice never flashes light (and vice versa).
 * 2. Fetches the lazily loaded page of the address ahead (/trending, /results, /watch/:id), so it
 *    does not wait for the app to ask for it.
 * 3. Server mode: sends the first screen's API requests, which the app then takes up (unless the
 *    server rendered the page with its answers: `<html data-rendered>`).
 * 4. A page the server rendered names the app's code instead of loading it (seo-answers.ts):
 *    the boot script asks for it once the page has painted, so that the first paint does not
 *    share a slow connection with ~130 KB of code (decision 0025).
 *
 * Failures are quiet: the app does all of this itself anyway, only later.
 */
import { applyStoredTheme } from '../lib/theme';
import { storedToken } from '../state/auth-storage';
import { sendEarlyRequests } from './early-requests';
import { firstScreen } from './first-screen';

/** Filled in by the build: each early page's JS and CSS files (boot-plugin.ts). */
declare const __BOOT_PAGE_FILES__: Record<string, string[]>;
/** Filled in by the build: whether the API is a server to ask (false in mock builds). */
declare const __BOOT_EARLY_REQUESTS__: boolean;

function preload(href: string, rel = href.endsWith('.css') ? 'preload' : 'modulepreload'): void {
  const link = document.createElement('link');
  link.rel = rel;
  if (rel === 'preload') link.as = 'style';
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

/** The app's entry and module preloads a rendered page names (`<meta name="codetube:…">`). */
function loadNamedCode(): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name^="codetube:"]')) {
    if (meta.name === 'codetube:modulepreload') preload(meta.content, 'modulepreload');
  }
  const entry = document.querySelector<HTMLMetaElement>('meta[name="codetube:module"]');
  if (!entry) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry.content;
  document.head.append(script);
}

/** How long a parsed page waits for its first contentful paint before its code loads anyway. */
const PAINT_WAIT_MS = 1000;

/**
 * Runs `then` once, when the whole page is parsed and its content has painted (the browser's
 * first-contentful-paint entry), or PAINT_WAIT_MS after it is parsed: a hidden tab paints nothing
 * until shown, and a browser without paint timing says nothing.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  const painted = () =>
    performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
  const parsed = () => {
    if (painted()) return once();
    setTimeout(once, PAINT_WAIT_MS);
    if (typeof PerformanceObserver === 'undefined') return;
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint' });
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', parsed, { once: true });
  } else {
    parsed();
  }
}

// A page the server rendered carries its first screen's answers already, and its code by name.
const rendered = document.documentElement.hasAttribute('data-rendered');
try {
  const screen = firstScreen(window.location.pathname, window.location.search);
  const pageFiles = (screen.page && __BOOT_PAGE_FILES__[screen.page]) || [];
  if (rendered) {
    afterFirstPaint(() => {
      loadNamedCode();
      for (const href of pageFiles) preload(href);
    });
  } else {
    for (const href of pageFiles) preload(href);
    if (__BOOT_EARLY_REQUESTS__) sendEarlyRequests(screen.requests, storedToken());
  }
} catch {
  // The app asks for everything itself (a rendered page: its code still loads).
  if (rendered) afterFirstPaint(loadNamedCode);
}
