import { useEffect, useRef } from 'react';
import { followEndedSession } from '../features/auth/auth-service';
import { onTokenRefused } from '../lib/api-client';
import { storedToken } from '../state/auth-storage';
import { useAuth, useDispatchers } from '../state/use-store';

/**
 * Keeps this tab's session in step with the others: when the server refuses the token a call sent
 * (401: ended by a logout elsewhere or 'Log out everywhere'), or another tab of this browser logs
 * out (the stored token is removed), this tab logs out too, so it shows the visitor's screens
 * instead of failing every call.
 */
export function SessionGuard() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  // The session this tab shows, read by the handlers below without registering them again.
  const shown = useRef(auth.token);
  useEffect(() => {
    shown.current = auth.token;
  }, [auth.token]);

  useEffect(() => {
    const follow = (token: string) => {
      // Only the session shown: a late answer to an older session's call changes nothing.
      if (shown.current !== token) return;
      shown.current = null;
      followEndedSession(token, dispatchers);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== 'token') return;
      const token = shown.current;
      if (token && storedToken() === null) follow(token);
    };
    onTokenRefused(follow);
    window.addEventListener('storage', onStorage);
    return () => {
      onTokenRefused(() => undefined);
      window.removeEventListener('storage', onStorage);
    };
    // The dispatchers never change; the handlers are registered once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
