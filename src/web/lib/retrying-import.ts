import { onReconnect, reportUnreachable } from './connection';
import { safeStorage } from './safe-storage';

/**
 * Lazy code (a screen, a menu) whose file cannot load never ends on the crash screen:
 * - offline (or the site does not answer), the import waits: the offline banner shows, and the
 *   import runs again when the connection comes back (the browser's `online` event, any API answer,
 *   the banner's Retry: the connection module's reconnect);
 * - while the browser says it is offline, the import is not tried before the connection is back;
 * - with the site answering, the import is tried again; failing again, the same file is imported
 *   under a new address (`?retry=N`, which the server answers with the same file): some browsers
 *   keep a failed import of an address failed for the document's life, whatever the network does
 *   since (Chromium 150 does, 156 does not);
 * - failing under the new address too, the file is gone (a new deploy replaced the build's file
 *   names): the page reloads, once per build (a sessionStorage guard), to get the new build. If the
 *   file is still missing after that, the import fails and the error boundary says so.
 * React.lazy keeps a failed import's error forever, so the waiting happens inside the import.
 * `load` must be a bare `import()`: its module is what an import under the new address gives.
 */

/** What a failed import needs from the page; the browser's by default (tests give their own). */
export interface ImportRecovery {
  /** Whether this site answers now (any status but a server failure), or is out of reach. */
  siteAnswers(): Promise<boolean>;
  /** Whether the browser knows it has no network now (then an import is not even tried). */
  offline?(): boolean;
  /** Shows the offline banner and resolves when the connection is back. */
  reconnected(): Promise<void>;
  /** Starts noting what fails to load (called once per retrying import, before it runs). */
  watch?(): void;
  /** Fetches again the stylesheets that failed to load (lazy code's CSS), before a new try. */
  reloadFailedStylesheets(): Promise<void>;
  /** Imports the module at `url` under an address the browser has not tried (a retry query). */
  importAfresh(url: string): Promise<unknown>;
  /** Reloads the page unless this build already did (true), else false. */
  reloadOnce(): boolean;
}

/**
 * The address of the file a failed import names (Chromium's and Firefox's messages end with it;
 * Safari's name none), without any query.
 */
export function failedImportUrl(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const message = error.message.trim();
  const start = Math.max(message.lastIndexOf('http://'), message.lastIndexOf('https://'));
  if (start < 0) return undefined;
  const url = message.slice(start).split(/[?#]/, 1)[0]!;
  return /^\S+\.m?js$/.test(url) ? url : undefined;
}

/** A load failure rather than a failure of the loaded code (a browser's words, or Vite's CSS). */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error instanceof TypeError ||
    /dynamically imported module|module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * `load` made to wait for the connection and to reload once after a deploy (see above); the
 * function it answers starts the import on its first call and gives every call the same promise.
 */
export function retryingImport<T>(
  load: () => Promise<T>,
  recovery: ImportRecovery = browserRecovery,
): () => Promise<T> {
  let loading: Promise<T> | undefined;
  recovery.watch?.();
  return () => (loading ??= importWithRecovery(load, recovery));
}

async function importWithRecovery<T>(load: () => Promise<T>, recovery: ImportRecovery) {
  // Whether the last attempt failed while the site answered: once is a network blip that ended,
  // or a browser that needs a second try; twice, the file is not there.
  let failedOnline = false;
  // Not tried while the browser knows it is offline: a failed import may stay failed (above), and
  // every file it would have needed with it.
  if (recovery.offline?.()) await recovery.reconnected();
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (attempt > 1) await recovery.reloadFailedStylesheets();
      return await load();
    } catch (error) {
      if (!isLoadFailure(error)) throw error;
      if (await recovery.siteAnswers()) {
        if (!failedOnline) {
          failedOnline = true;
          continue;
        }
        const fresh = await importAfresh<T>(error, recovery);
        if (fresh.loaded) return fresh.module;
        // The reload replaces the page: this import never settles.
        if (recovery.reloadOnce()) return new Promise<never>(() => undefined);
        throw error;
      }
      failedOnline = false;
      await recovery.reconnected();
    }
  }
}

/** The failed file imported under a new address; not loaded when it cannot be (it is gone). */
async function importAfresh<T>(
  error: unknown,
  recovery: ImportRecovery,
): Promise<{ loaded: true; module: T } | { loaded: false }> {
  const url = failedImportUrl(error);
  if (!url) return { loaded: false };
  try {
    return { loaded: true, module: (await recovery.importAfresh(url)) as T };
  } catch (again) {
    if (!isLoadFailure(again)) throw again;
    return { loaded: false };
  }
}

/** The sessionStorage key holding the build that last reloaded for a missing file. */
export const RELOAD_KEY = 'codetube:reloaded-for-missing-code';

const sessionStore = safeStorage(() => {
  try {
    return window.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
});

/**
 * Stylesheet links that failed to load. Vite adds a lazy file's CSS as a `<link>` once, and never
 * again after an error: a retry puts a fresh copy in its place. Error events do not bubble, but a
 * listener on the document in the capture phase hears those of every element in it.
 */
const failedLinks = new Set<HTMLLinkElement>();
let watching = false;

function noteFailedStylesheet(event: Event): void {
  const { target } = event;
  if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedLinks.add(target);
}

/** Puts a fresh copy of `link` in its place; resolves once it loaded, or rejects. */
function relink(link: HTMLLinkElement): Promise<void> {
  failedLinks.delete(link);
  const copy = link.cloneNode() as HTMLLinkElement;
  return new Promise((resolve, reject) => {
    copy.addEventListener('load', () => resolve());
    copy.addEventListener('error', () =>
      reject(new Error(`Unable to preload CSS for ${link.href}`)),
    );
    link.replaceWith(copy);
  });
}

/** How many files were imported under a new address: each retry's address is new. */
let retries = 0;

/** The page's recovery; `reload` reloads the page (tests give their own). */
export const pageRecovery = (reload: () => void): ImportRecovery => ({
  async siteAnswers() {
    if (!navigator.onLine) return false;
    try {
      // HEAD: the service worker leaves it to the network, and no body comes back.
      const answer = await fetch(import.meta.env.BASE_URL, { method: 'HEAD', cache: 'no-store' });
      return answer.status < 500;
    } catch {
      return false;
    }
  },
  offline() {
    return typeof navigator !== 'undefined' && !navigator.onLine;
  },
  reconnected() {
    reportUnreachable();
    return new Promise((resolve) => {
      const stop = onReconnect(() => {
        stop();
        resolve();
      });
    });
  },
  watch() {
    // A server render (no document) has no stylesheets to watch.
    if (watching || typeof document === 'undefined') return;
    watching = true;
    document.addEventListener('error', noteFailedStylesheet, true);
  },
  async reloadFailedStylesheets() {
    await Promise.all([...failedLinks].filter((link) => link.isConnected).map(relink));
  },
  importAfresh(url) {
    retries += 1;
    return import(/* @vite-ignore */ `${url}?retry=${retries}`);
  },
  reloadOnce() {
    // This module's own address carries the build's hash: a new deploy may reload once more.
    const build = import.meta.url;
    if (sessionStore.getItem(RELOAD_KEY) === build) return false;
    if (!sessionStore.setItem(RELOAD_KEY, build)) return false;
    reload();
    return true;
  },
});

export const browserRecovery = pageRecovery(() => window.location.reload());
