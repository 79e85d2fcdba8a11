import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/factories';
import { blockLocalStorage, fillLocalStorage } from '../testing/storage-faults';
import { clearStoredAuth, readStoredAuth, storeAuth, storedToken } from './auth-storage';

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

  it('drops the authorization values of the request tester’s stored history, keeping the rest', () => {
    const entry = (headers: Record<string, string>) => ({
      id: 'a',
      sentAt: '2026-01-01T00:00:00.000Z',
      reqType: 'GET',
      endpoint: '/api/user/likes',
      headers,
      body: '{}',
      outcome: { status: 200, statusText: 'OK' },
    });
    localStorage.setItem(
      'codetube:tester-history',
      JSON.stringify([
        entry({ Accept: '*/*', Authorization: 'Bearer secret-1' }),
        entry({ authorization: 'secret-2', 'X-Other': 'kept' }),
      ]),
    );
    storeAuth('tok', buildUser());
    clearStoredAuth();
    const stored = localStorage.getItem('codetube:tester-history') ?? '';
    expect(stored).not.toContain('secret');
    expect((JSON.parse(stored) as { headers: unknown }[]).map((kept) => kept.headers)).toEqual([
      { Accept: '*/*', Authorization: '' },
      { authorization: '', 'X-Other': 'kept' },
    ]);
  });

  it('forgets both keys', () => {
    storeAuth('tok', buildUser());
    clearStoredAuth();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  describe('when storage will not keep the session', () => {
    afterEach(() => {
      clearStoredAuth();
      vi.restoreAllMocks();
    });

    it('site data blocked: starts logged out, and a login holds for the page', () => {
      const unblock = blockLocalStorage();
      try {
        expect(readStoredAuth().isLoggedIn).toBe(false);
        const user = buildUser();
        storeAuth('tok', user);
        expect(storedToken()).toBe('tok');
        expect(readStoredAuth()).toMatchObject({ token: 'tok', userInfo: user, isLoggedIn: true });
        clearStoredAuth();
        expect(storedToken()).toBeNull();
        expect(readStoredAuth().isLoggedIn).toBe(false);
      } finally {
        unblock();
      }
    });

    it('storage full: the login holds for the page and leaves no half session behind', () => {
      const setItem = Storage.prototype.setItem;
      // The short token fits, the user does not: the browser's own message.
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
        this: Storage,
        key: string,
        value: string,
      ) {
        if (key === 'user') {
          throw new DOMException(
            "Failed to execute 'setItem' on 'Storage': Setting the value of 'user' exceeded the quota.",
            'QuotaExceededError',
          );
        }
        setItem.call(this, key, value);
      });
      expect(() => storeAuth('tok', buildUser())).not.toThrow();
      expect(localStorage.getItem('token')).toBeNull();
      expect(storedToken()).toBe('tok');
    });

    it('a later login that storage keeps replaces the page-only session', () => {
      fillLocalStorage();
      storeAuth('first', buildUser());
      vi.restoreAllMocks();
      storeAuth('second', buildUser());
      expect(localStorage.getItem('token')).toBe('second');
      expect(storedToken()).toBe('second');
    });
  });
});
