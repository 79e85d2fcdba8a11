import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockLocalStorage, fillLocalStorage } from '../testing/storage-faults';
import { browserStorage, localStore } from './safe-storage';

describe('safe storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('reads and writes localStorage when it works', () => {
    expect(localStore.setItem('k', 'v')).toBe(true);
    expect(localStore.getItem('k')).toBe('v');
    expect(localStore.removeItem('k')).toBe(true);
    expect(localStore.getItem('k')).toBeNull();
  });

  it('never throws when site data is blocked: reads give null, writes say they failed', () => {
    const unblock = blockLocalStorage();
    try {
      expect(() => window.localStorage).toThrow();
      expect(browserStorage()).toBeUndefined();
      expect(localStore.getItem('k')).toBeNull();
      expect(localStore.setItem('k', 'v')).toBe(false);
      expect(localStore.removeItem('k')).toBe(false);
    } finally {
      unblock();
    }
  });

  it('says a write failed when storage is full', () => {
    fillLocalStorage();
    expect(localStore.setItem('k', 'v')).toBe(false);
    expect(localStore.getItem('k')).toBeNull();
  });
});
