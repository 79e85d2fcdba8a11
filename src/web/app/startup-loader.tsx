import { useEffect } from 'react';
import { loadVideos } from '../features/videos/videos-service';
import { loadLibrary } from '../state/load-library';
import { useAuth, useDispatchers } from '../state/use-store';

/** Loads the catalogue on start, and a restored session's lists (SPEC §4). */
export function StartupLoader() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  const restoredSession = auth.isLoggedIn;

  useEffect(() => {
    void loadVideos(dispatchers.videos);
    if (restoredSession) void loadLibrary(dispatchers);
    // Runs once at start: later logins load the lists themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
