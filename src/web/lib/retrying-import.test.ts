import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionStatus, reportReachable } from './connection';
import {
  browserRecovery,
  failedImportUrl,
  isLoadFailure,
  pageRecovery,
  RELOAD_KEY,
  retryingImport,
  type ImportRecovery,
} from './retrying-import';

const offlineError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x/assets/trending-page-a1.js');

/** A page whose site answers or not, as the test says; reconnects when the test says. */
function fakeRecovery(answers: boolean[]) {
  let reconnect: (() => void) | undefined;
  const recovery = {
    siteAnswers: vi.fn(async () => answers.shift() ?? true),
    reconnected: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          reconnect = resolve;
        }),
    ),
    reloadFailedStylesheets: vi.fn(async () => undefined),
    // By default the file is gone: under a new address too.
    importAfresh: vi.fn<(url: string) => Promise<unknown>>(async () => {
      throw offlineError();
    }),
    reloadOnce: vi.fn(() => true),
  } satisfies ImportRecovery;
  return {
    recovery,
    /** Resolves once the import waits for the connection. */
    waiting: () => vi.waitFor(() => expect(reconnect).toBeDefined()),
    reconnect: () => reconnect?.(),
  };
}

/** Settles what is pending, then tells whether the promise settled. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('retryingImport', () => {
  afterEach(() => reportReachable());

  it('imports once and gives every call the same module', async () => {
    const load = vi.fn(async () => ({ default: 'screen' }));
    const { recovery } = fakeRecovery([]);
    const importScreen = retryingImport(load, recovery);
    await expect(importScreen()).resolves.toEqual({ default: 'screen' });
    await expect(importScreen()).resolves.toEqual({ default: 'screen' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(recovery.reloadFailedStylesheets).not.toHaveBeenCalled();
  });

  it('offline, waits for the connection and imports again, never failing', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(offlineError())
      .mockResolvedValueOnce('screen');
    const page = fakeRecovery([false]);
    const result = retryingImport(load, page.recovery)();
    await page.waiting();
    expect(await settled(result)).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);

    page.reconnect();
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
    // The lazy file's CSS that failed with it is fetched again before the new try.
    expect(page.recovery.reloadFailedStylesheets).toHaveBeenCalledTimes(1);
    expect(page.recovery.reloadOnce).not.toHaveBeenCalled();
  });

  it('with the site answering, tries again once, then reloads the page (the file is gone)', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(offlineError());
    const page = fakeRecovery([true, true]);
    const result = retryingImport(load, page.recovery)();
    await vi.waitFor(() => expect(page.recovery.reloadOnce).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    // Not under a new address either.
    expect(page.recovery.importAfresh).toHaveBeenCalledTimes(1);
    // The page is going away: the screen stays on its loading state meanwhile.
    expect(await settled(result)).toBe(false);
  });

  it('a file the browser keeps failed at its address is imported under a new one, with no reload', async () => {
    // Chromium 150 keeps a failed import failed for the document's life: every try of the same
    // address fails at once, though the site answers and the file is there.
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(offlineError());
    const page = fakeRecovery([false, true, true]);
    page.recovery.importAfresh.mockResolvedValueOnce('screen');
    const result = retryingImport(load, page.recovery)();
    await page.waiting();
    page.reconnect();
    await expect(result).resolves.toBe('screen');
    expect(page.recovery.importAfresh).toHaveBeenCalledExactlyOnceWith(
      'http://x/assets/trending-page-a1.js',
    );
    expect(page.recovery.reloadOnce).not.toHaveBeenCalled();
  });

  it('a failure that names no file (Safari) reloads without a try under a new address', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new TypeError('Importing a module script failed.'));
    const page = fakeRecovery([true, true]);
    void retryingImport(load, page.recovery)();
    await vi.waitFor(() => expect(page.recovery.reloadOnce).toHaveBeenCalledTimes(1));
    expect(page.recovery.importAfresh).not.toHaveBeenCalled();
  });

  it('reads the failed file from Chromium and Firefox messages, without its query', () => {
    expect(failedImportUrl(offlineError())).toBe('http://x/assets/trending-page-a1.js');
    expect(
      failedImportUrl(
        new TypeError(
          'error loading dynamically imported module: https://a.b/assets/x-1.js?retry=2',
        ),
      ),
    ).toBe('https://a.b/assets/x-1.js');
    expect(failedImportUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedImportUrl(new Error('Unable to preload CSS for http://x/assets/a.css'))).toBe(
      undefined,
    );
    expect(failedImportUrl('http://x/a.js')).toBeUndefined();
  });

  it('is not tried while the browser knows it is offline, then is once the connection is back', async () => {
    const load = vi.fn(async () => 'screen');
    const page = fakeRecovery([]);
    const recovery = { ...page.recovery, offline: () => true };
    const result = retryingImport(load, recovery)();
    await page.waiting();
    expect(await settled(result)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    page.reconnect();
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a try that works after a blip while the site answers needs no reload', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(offlineError())
      .mockResolvedValueOnce('screen');
    const page = fakeRecovery([true]);
    await expect(retryingImport(load, page.recovery)()).resolves.toBe('screen');
    expect(page.recovery.reloadOnce).not.toHaveBeenCalled();
  });

  it('fails when this build already reloaded once: no reload loop', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(offlineError());
    const page = fakeRecovery([true, true]);
    page.recovery.reloadOnce.mockReturnValue(false);
    await expect(retryingImport(load, page.recovery)()).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(page.recovery.reloadOnce).toHaveBeenCalledTimes(1);
  });

  it('an error of the loaded code itself fails at once', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('boom'));
    const page = fakeRecovery([]);
    await expect(retryingImport(load, page.recovery)()).rejects.toThrow('boom');
    expect(page.recovery.siteAnswers).not.toHaveBeenCalled();
  });

  it('tells load failures from failures of the code', () => {
    expect(isLoadFailure(offlineError())).toBe(true);
    expect(isLoadFailure(new Error('error loading dynamically imported module: x'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isLoadFailure(new Error('boom'))).toBe(false);
    expect(isLoadFailure('boom')).toBe(false);
  });
});

describe("the browser's recovery", () => {
  afterEach(() => {
    reportReachable();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('waiting for the connection shows the offline banner, and ends when it is back', async () => {
    const back = browserRecovery.reconnected();
    expect(connectionStatus()).toBe('offline');
    expect(await settled(back)).toBe(false);
    reportReachable();
    await expect(back).resolves.toBeUndefined();
  });

  it('reloads at most once per build', () => {
    const reload = vi.fn();
    const recovery = pageRecovery(reload);
    expect(recovery.reloadOnce()).toBe(true);
    expect(sessionStorage.getItem(RELOAD_KEY)).toBe(
      import.meta.url.replace(/[^/]+$/, 'retrying-import.ts'),
    );
    expect(recovery.reloadOnce()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the site with a HEAD that skips the cache; no answer, or a server failure, is offline', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 200 }))
      .mockResolvedValueOnce(new Response(null, { status: 502 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    expect(await browserRecovery.siteAnswers()).toBe(true);
    expect(await browserRecovery.siteAnswers()).toBe(false);
    expect(await browserRecovery.siteAnswers()).toBe(false);
    expect(fetch).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' });
  });

  it('fetches again a stylesheet that failed, in its place', async () => {
    browserRecovery.watch?.();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/screen.css';
    document.head.append(link);
    link.dispatchEvent(new Event('error'));

    const done = browserRecovery.reloadFailedStylesheets();
    const copy = document.head.querySelector<HTMLLinkElement>('link[href="/assets/screen.css"]');
    expect(copy).not.toBe(link);
    expect(link.isConnected).toBe(false);
    copy?.dispatchEvent(new Event('load'));
    await expect(done).resolves.toBeUndefined();
    // Loaded: nothing more to fetch.
    await expect(browserRecovery.reloadFailedStylesheets()).resolves.toBeUndefined();
    expect(document.head.querySelectorAll('link[href="/assets/screen.css"]')).toHaveLength(1);
    copy?.remove();
  });
});
