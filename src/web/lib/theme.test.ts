import { beforeEach, describe, expect, it } from 'vitest';
import { applyStoredTheme, chooseTheme, storedTheme } from './theme';

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
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
});
