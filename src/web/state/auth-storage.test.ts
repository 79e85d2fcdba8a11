import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../testing/factories';
import { clearStoredAuth, readStoredAuth, storeAuth } from './auth-storage';

describe('auth storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token as a string and the user as JSON under product §3 keys', () => {
    const user = buildUser();
    storeAuth('tok', user);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(readStoredAuth()).toEqual({
      token: 'tok',
      userInfo: user,
      isLoggedIn: true,
      error: null,
    });
  });

  it('starts logged out without both keys, or with a broken user', () => {
    localStorage.setItem('token', 'tok');
    expect(readStoredAuth().isLoggedIn).toBe(false);
    localStorage.setItem('user', '{broken');
    expect(readStoredAuth().isLoggedIn).toBe(false);
  });

  it('forgets both keys', () => {
    storeAuth('tok', buildUser());
    clearStoredAuth();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
