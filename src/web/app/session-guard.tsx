import { useEffect, useRef } from 'react';
import { followEndedSession, followStartedSession } from '../features/auth/auth-service';
import { forgetNoteDrafts } from '../features/notes/note-drafts';
import { onTokenRefused } from '../lib/api-client';
import { AUTH_KEYS, readStoredAuth } from '../state/auth-storage';
import { useAuth, useDispatchers } from '../state/use-store';

/**
 * Keeps this tab's session in step with the others:
 * - when the server refuses the token a call sent (401: ended by a logout elsewhere or 'Log out
 *   everywhere'), or another tab of this browser logs out (the stored session is removed), this tab
 *   logs out too, so it shows the visitor's screens instead of failing every call;
 * - when another tab signs in, or in as someone else, this tab takes up that session and its lists;
 * - when a user's session ends here, however it ends (a logout, a 401, another tab's logout, the
 *   account deleted), their unsaved note drafts are forgotten: a shared computer keeps none.
 */
export function SessionGuard() {
  const dispatchers = useDispatchers();
  const { state: auth } = useAuth();
  // The session this tab shows, read by the handlers below without registering them again.
  const shown = useRef({ token: auth.token, userId: auth.userInfo?._id ?? null });
  useEffect(() => {
    shown.current = { token: auth.token, userId: auth.userInfo?._id ?? null };
  }, [auth.token, auth.userInfo]);

  const userId = auth.userInfo?._id ?? null;
  const signedIn = useRef(userId);
  useEffect(() => {
    if (signedIn.current !== null && signedIn.current !== userId)
      forgetNoteDrafts(signedIn.current);
    signedIn.current = userId;
  }, [userId]);

  useEffect(() => {
    const follow = (token: string) => {
      // Only the session shown: a late answer to an older session's call changes nothing.
      if (shown.current.token !== token) return;
      shown.current = { token: null, userId: null };
      followEndedSession(token, dispatchers);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !AUTH_KEYS.includes(event.key)) return;
      const stored = readStoredAuth();
      const { token, userId } = shown.current;
      if (!stored.token || !stored.userInfo) {
        if (token) follow(token);
        return;
      }
      // A login writes the token, then the user: each write is an event, and the session is
      // taken up once both name the same new session.
      if (stored.token === token && stored.userInfo._id === userId) return;
      shown.current = { token: stored.token, userId: stored.userInfo._id };
      followStartedSession(stored.token, stored.userInfo, dispatchers);
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
