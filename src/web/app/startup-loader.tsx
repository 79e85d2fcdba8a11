import { useEffect } from 'react';
import { useReconnectAttempt } from '../lib/connection';
import { loadLibrary, useLibraryRetry } from '../state/load-library';
import { useAuth, useDispatchers, useVideos } from '../state/use-store';
import { failedLists } from '../state/videos-reducer';

/**
 * Loads a restored session's lists on start (product §4), and again those that failed to load
 * when the connection comes back; screens fetch the catalogue they show.
 */
export function StartupLoader() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  const { library } = useVideos().state;
  const retry = useLibraryRetry();
  const attempt = useReconnectAttempt(auth.isLoggedIn && failedLists(library).length > 0);

  useEffect(() => {
    if (!auth.isLoggedIn) return;
    if (attempt === 0) void loadLibrary(dispatchers);
    else retry();
    // Runs at start and on each reconnect: later logins load the lists themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  return null;
}
