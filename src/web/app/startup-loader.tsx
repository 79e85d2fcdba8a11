import { useEffect } from 'react';
import { loadLibrary } from '../state/load-library';
import { useAuth, useDispatchers } from '../state/use-store';

/** Loads a restored session's lists on start (SPEC §4); screens fetch the catalogue they show. */
export function StartupLoader() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  const restoredSession = auth.isLoggedIn;

  useEffect(() => {
    if (restoredSession) void loadLibrary(dispatchers);
    // Runs once at start: later logins load the lists themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
