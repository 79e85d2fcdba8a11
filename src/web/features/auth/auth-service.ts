import { toast } from '../../lib/toast';
import type { PublicUser } from '../../../contract/entities';
import type { LoginBody, SignupBody } from '../../../contract/requests';
import { publicRead } from '../../data/reads';
import { api, ApiRequestError, firstError } from '../../lib/api-client';
import { ADDED, accept } from '../../lib/notify';
import { clearStoredAuth, storeAuth, storedToken } from '../../state/auth-storage';
import type { Dispatchers } from '../../state/use-store';
import { authTexts } from './auth-texts';

/** product §8: a 500 reads '500 : Internal Server Error'; anything else, the server's first error. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 500) return authTexts.serverError;
    return firstError(error.data) ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

function failAuth(error: unknown, dispatchers: Dispatchers, toastId: string) {
  const message = authErrorMessage(error);
  clearStoredAuth();
  dispatchers.auth({ type: 'AUTH_ERROR', payload: message });
  dispatchers.videos({ type: 'CLEAR_USER_DATA' });
  dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
  // The form shows the message, at the field it is about: one place, not a toast as well.
  toast.dismiss(toastId);
}

/** Logs in and keeps the session (the user's lists load with it: data/library.tsx). Resolves to whether it worked. */
export async function logIn(credentials: LoginBody, dispatchers: Dispatchers): Promise<boolean> {
  const id = toast.loading(authTexts.loggingIn);
  try {
    const { foundUser, encodedToken } = accept(
      await api.call('POST /api/auth/login', { body: credentials }),
      [200],
    );
    storeAuth(encodedToken, foundUser);
    dispatchers.auth({ type: 'SAVE_TOKEN', payload: encodedToken });
    dispatchers.auth({ type: 'SAVE_USER_INFO', payload: foundUser });
    toast.success(authTexts.welcome(foundUser.firstName), { id, icon: '👋' });
    return true;
  } catch (error) {
    failAuth(error, dispatchers, id);
    return false;
  }
}

/** Creates an account (the user logs in afterwards). Resolves to whether it worked. */
export async function signUp(details: SignupBody, dispatchers: Dispatchers): Promise<boolean> {
  const id = toast.loading(authTexts.signingUp);
  try {
    accept(await api.call('POST /api/auth/signup', { body: details }), ADDED);
    // An earlier attempt's error (the email taken, say) is not about the account now made.
    dispatchers.auth({ type: 'CLEAR_AUTH_ERROR' });
    toast.success(authTexts.signedUp, { id });
    return true;
  } catch (error) {
    failAuth(error, dispatchers, id);
    return false;
  }
}

function forgetSession(dispatchers: Dispatchers) {
  clearStoredAuth();
  dispatchers.auth({ type: 'LOGOUT' });
  dispatchers.videos({ type: 'CLEAR_USER_DATA' });
  dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
}

/**
 * The session this tab shows has ended elsewhere: the server refused its token (a logout or 'Log
 * out everywhere' in another tab or on another device), or another tab of this browser logged out.
 * It is forgotten here as a logout forgets it, with no call and no toast of its own (the refused
 * call toasts its failure as before). Storage is cleared only while it still holds that session:
 * another tab may have signed in since.
 */
export function followEndedSession(token: string, dispatchers: Dispatchers): void {
  if (storedToken() === token) clearStoredAuth();
  dispatchers.auth({ type: 'LOGOUT' });
  dispatchers.videos({ type: 'CLEAR_USER_DATA' });
  dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
}

/**
 * Another tab of this browser signed in (or in as someone else): this tab takes up that session as
 * its own login would, without a toast (the other tab showed the welcome); its lists load with it.
 * Lists of the session shown before are dropped first, so no screen mixes two users' lists.
 */
export function followStartedSession(
  token: string,
  user: PublicUser,
  dispatchers: Dispatchers,
): void {
  dispatchers.videos({ type: 'CLEAR_USER_DATA' });
  dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
  dispatchers.auth({ type: 'SAVE_TOKEN', payload: token });
  dispatchers.auth({ type: 'SAVE_USER_INFO', payload: user });
}

/**
 * Forgets the session and the user's lists at once, and asks the server to revoke the token (the
 * request leaves with the token before it is forgotten; if it fails, the token still expires).
 */
export function logOut(dispatchers: Dispatchers): void {
  const id = toast.loading(authTexts.loggingOut);
  api.call('POST /api/auth/logout').catch(() => undefined);
  forgetSession(dispatchers);
  toast.success(authTexts.loggedOut, { id });
}

/** Ends every session of the user on the server (all devices), then this one. */
export async function logOutEverywhere(dispatchers: Dispatchers): Promise<boolean> {
  const id = toast.loading(authTexts.loggingOut);
  try {
    accept(await api.call('POST /api/auth/logout-everywhere'), [200]);
  } catch (error) {
    toast.error(authErrorMessage(error), { id });
    return false;
  }
  forgetSession(dispatchers);
  toast.success(authTexts.loggedOutEverywhere, { id });
  return true;
}

/**
 * Whether this backend has the demo account (the server's DEMO_ACCOUNT): GET /api/config, once
 * per visit. When the question cannot be answered, the button stays available: the login itself
 * will tell.
 */
export const configRead = { ...publicRead('GET /api/config', {}), staleTime: Infinity };
