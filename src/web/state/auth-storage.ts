import type { PublicUser } from '../../contract/entities';
import { loggedOut, type AuthState } from './auth-reducer';

/** product §3's local storage keys. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** product §4: on start, a stored token and user are loaded into auth state. */
export function readStoredAuth(): AuthState {
  const token = localStorage.getItem(TOKEN_KEY);
  let userInfo: PublicUser | null;
  try {
    userInfo = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as PublicUser | null;
  } catch {
    userInfo = null;
  }
  if (!token || !userInfo || typeof userInfo !== 'object') return loggedOut;
  return { token, userInfo, isLoggedIn: true, error: null };
}

/** Keeps the signed-in user across reloads. */
export function storeAuth(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Forgets the signed-in user. */
export function clearStoredAuth(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** The token the API client sends. */
export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}
