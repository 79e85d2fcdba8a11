import { useEffect, useRef } from 'react';
import { onUserDataWritten } from '../lib/api-client';
import { localStore } from '../lib/safe-storage';
import { refreshLibrary } from '../state/load-library';
import { useAuth, useDispatchers } from '../state/use-store';

/** The storage key a tab writes after it changed the user's lists, so the others load them again. */
const LIBRARY_CHANGED_KEY = 'codetube:library-changed';
/** A tab hidden this long loads the lists again when it is shown (other devices may have written). */
const STALE_AFTER_MS = 60_000;
/** Changes that come in a burst (a playlist restored video by video) are loaded once. */
const SETTLE_MS = 250;

/**
 * Keeps a signed-in tab's lists (likes, history, watch later, playlists, notes, progress) in step
 * with the user's other tabs and devices: a write in another tab of this browser is loaded at
 * once, and a tab shown again after STALE_AFTER_MS loads them again; quietly, with no loading state.
 */
export function LibrarySync() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  const signedIn = useRef(auth.isLoggedIn);
  useEffect(() => {
    signedIn.current = auth.isLoggedIn;
  }, [auth.isLoggedIn]);

  useEffect(() => {
    onUserDataWritten(() => {
      localStore.setItem(LIBRARY_CHANGED_KEY, `${Date.now()}:${Math.random()}`);
    });
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        if (signedIn.current) void refreshLibrary(dispatchers);
      }, SETTLE_MS);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === LIBRARY_CHANGED_KEY) refreshSoon();
    };
    let hiddenAt: number | undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt !== undefined && Date.now() - hiddenAt >= STALE_AFTER_MS) refreshSoon();
      hiddenAt = undefined;
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(pending);
      onUserDataWritten(() => {});
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
    };
    // The dispatchers never change; the handlers are registered once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
