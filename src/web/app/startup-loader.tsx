import { useEffect } from 'react';
import { useReconnectAttempt } from '../lib/connection';
import { loadLibrary } from '../state/load-library';
import { useAuth, useDispatchers, useVideos } from '../state/use-store';

/**
 * Loads a restored session's lists on start (product §4), and again when the connection comes back
 * after they failed to load; screens fetch the catalogue they show.
 */
export function StartupLoader() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  const { library } = useVideos().state;
  const attempt = useReconnectAttempt(auth.isLoggedIn && library.error !== null);

  useEffect(() => {
    if (auth.isLoggedIn) void loadLibrary(dispatchers);
    // Runs at start and on each reconnect: later logins load the lists themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  return null;
}
