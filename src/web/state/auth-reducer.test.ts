import { describe, expect, it } from 'vitest';
import { buildUser } from '../testing/factories';
import { authReducer, loggedOut, type AuthState } from './auth-reducer';

describe('authReducer', () => {
  const user = buildUser();
  const signedIn: AuthState = { token: 't', userInfo: user, isLoggedIn: true, error: null };

  it('saving a token logs in and clears the error', () => {
    const state = authReducer(
      { ...loggedOut, error: 'old' },
      { type: 'SAVE_TOKEN', payload: 'tok' },
    );
    expect(state).toEqual({ token: 'tok', userInfo: null, isLoggedIn: true, error: null });
  });

  it('saving user info stores the user', () => {
    const state = authReducer(
      { ...loggedOut, token: 'tok', isLoggedIn: true },
      {
        type: 'SAVE_USER_INFO',
        payload: user,
      },
    );
    expect(state.userInfo).toBe(user);
    expect(state.isLoggedIn).toBe(true);
  });

  it('an auth error stores it and logs out', () => {
    expect(authReducer(signedIn, { type: 'AUTH_ERROR', payload: 'bad' })).toEqual({
      token: null,
      userInfo: null,
      isLoggedIn: false,
      error: 'bad',
    });
  });

  it('clearing the error keeps the rest', () => {
    expect(authReducer({ ...loggedOut, error: 'old' }, { type: 'CLEAR_AUTH_ERROR' })).toEqual(
      loggedOut,
    );
    expect(authReducer(signedIn, { type: 'CLEAR_AUTH_ERROR' })).toEqual(signedIn);
  });

  it('logout clears token, user and error', () => {
    expect(authReducer({ ...signedIn, error: 'x' }, { type: 'LOGOUT' })).toEqual(loggedOut);
  });
});
