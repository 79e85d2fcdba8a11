import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockLocalStorage, fillLocalStorage } from '../testing/storage-faults';
import type * as ThemeModule from './theme';

let applyStoredTheme: typeof ThemeModule.applyStoredTheme;
let chooseTheme: typeof ThemeModule.chooseTheme;
let storedTheme: typeof ThemeModule.storedTheme;

describe('theme', () => {
  // Each test is a fresh page: a choice storage could not keep lives in the module for the
  // page's life, so every test loads the module anew.
  beforeEach(async () => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    vi.resetModules();
    ({ applyStoredTheme, chooseTheme, storedTheme } = await import('./theme'));
  });

  it('follows the system until the user chooses', () => {
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(storedTheme()).toBeUndefined();
  });

  it('remembers a choice and puts it on <html>', () => {
    chooseTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    delete document.documentElement.dataset.theme;
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('codetube:theme', 'sepia');
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  describe('without storage', () => {
    afterEach(() => vi.restoreAllMocks());

    it('follows the system when site data is blocked, and a choice holds for the page', () => {
      const unblock = blockLocalStorage();
      try {
        expect(() => applyStoredTheme()).not.toThrow();
        expect(document.documentElement.dataset.theme).toBeUndefined();
        chooseTheme('dark');
        expect(document.documentElement.dataset.theme).toBe('dark');
        expect(storedTheme()).toBe('dark');
      } finally {
        unblock();
      }
    });

    it('applies a choice that full storage cannot keep', () => {
      fillLocalStorage();
      chooseTheme('light');
      expect(document.documentElement.dataset.theme).toBe('light');
    });
  });
});
