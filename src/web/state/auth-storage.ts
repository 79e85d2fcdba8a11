import type { PublicUser } from '../../contract/entities';
import { dropStoredAuthorizations } from '../lib/tester-history-authorization';
import { localStore } from '../lib/safe-storage';
import { loggedOut, type AuthState } from './auth-reducer';

/** product §3's local storage keys. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
/** The keys whose change in another tab is a login or a logout there. */
export const AUTH_KEYS: readonly string[] = [TOKEN_KEY, USER_KEY];

/**
 * A session storage would not keep (site data blocked, or storage full): it lasts as long as this
 * page, and a reload starts logged out.
 */
let unsaved: { token: string; user: PublicUser } | null = null;

/** product §4: on start, a stored token and user are loaded into auth state. */
export function readStoredAuth(): AuthState {
  if (unsaved)
    return { token: unsaved.token, userInfo: unsaved.user, isLoggedIn: true, error: null };
  const token = localStore.getItem(TOKEN_KEY);
  let userInfo: PublicUser | null;
  try {
    userInfo = JSON.parse(localStore.getItem(USER_KEY) ?? 'null') as PublicUser | null;
  } catch {
    userInfo = null;
  }
  if (!token || !userInfo || typeof userInfo !== 'object') return loggedOut;
  return { token, userInfo, isLoggedIn: true, error: null };
}

/**
 * Keeps the signed-in user across reloads. When storage will not keep both keys, neither is left
 * behind and the session is held in memory instead, for this page's life.
 */
export function storeAuth(token: string, user: PublicUser): void {
  const saved =
    localStore.setItem(TOKEN_KEY, token) && localStore.setItem(USER_KEY, JSON.stringify(user));
  if (saved) {
    unsaved = null;
    return;
  }
  localStore.removeItem(TOKEN_KEY);
  localStore.removeItem(USER_KEY);
  unsaved = { token, user };
}

/** Forgets the signed-in user, and the tokens the request tester's history kept. */
export function clearStoredAuth(): void {
  unsaved = null;
  localStore.removeItem(TOKEN_KEY);
  localStore.removeItem(USER_KEY);
  dropStoredAuthorizations(localStore);
}

/** The token the API client sends: the stored one, else this page's unsaved session's. */
export function storedToken(): string | null {
  return localStore.getItem(TOKEN_KEY) ?? unsaved?.token ?? null;
}
