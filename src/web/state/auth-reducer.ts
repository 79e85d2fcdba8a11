import type { PublicUser } from '../../contract/entities';

/** product §3: auth state. */
export interface AuthState {
  token: string | null;
  userInfo: PublicUser | null;
  isLoggedIn: boolean;
  error: string | null;
}

export type AuthAction =
  | { type: 'SAVE_TOKEN'; payload: string }
  | { type: 'SAVE_USER_INFO'; payload: PublicUser }
  | { type: 'AUTH_ERROR'; payload: string }
  | { type: 'CLEAR_AUTH_ERROR' }
  | { type: 'LOGOUT' }
  /** The stored session, taken up after a server-rendered page's first render (signed out). */
  | { type: 'RESTORE'; payload: AuthState };

export const loggedOut: AuthState = { token: null, userInfo: null, isLoggedIn: false, error: null };

/** product §4's auth transitions. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'SAVE_TOKEN':
      return { ...state, token: action.payload, isLoggedIn: true, error: null };
    case 'SAVE_USER_INFO':
      return { ...state, userInfo: action.payload };
    case 'AUTH_ERROR':
      return { ...loggedOut, error: action.payload };
    // A form opened or an account created: an earlier attempt's error is no longer about anything.
    case 'CLEAR_AUTH_ERROR':
      return { ...state, error: null };
    case 'LOGOUT':
      return loggedOut;
    case 'RESTORE':
      return action.payload;
  }
}
