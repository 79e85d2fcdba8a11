import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupDigits } from './digits';

describe('groupDigits', () => {
  it('writes a count with commas between thousands, as English does', () => {
    for (const count of [0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 2_147_483_647]) {
      expect(groupDigits(count)).toBe(count.toLocaleString('en'));
    }
  });

  it('keeps the sign and the fraction, and writes what has no digits to group as it is', () => {
    expect(groupDigits(-1_234_567)).toBe('-1,234,567');
    expect(groupDigits(-999)).toBe('-999');
    expect(groupDigits(1234.5)).toBe('1,234.5');
    expect(groupDigits(1e21)).toBe('1e+21');
    expect(groupDigits(Infinity)).toBe('Infinity');
    expect(groupDigits(Number.NaN)).toBe('NaN');
  });

  it('writes negative counts and fractions as English does', () => {
    expect(groupDigits(-1234)).toBe('-1,234');
    expect(groupDigits(1234.5)).toBe('1,234.5');
  });
});

describe('the error catalogue', () => {
  afterEach(() => vi.restoreAllMocks());

  // Formatting with Intl first loads the browser's number locale data: about 20 ms of a phone's
  // (4× slowed) main thread in the one task that evaluates the app's code, on every page.
  it('is built without Intl, which every page would pay for at start', async () => {
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    vi.resetModules();
    const { apiErrors } = await import('./errors');
    expect(apiErrors.tooManyNotes.message).toMatch(/at most \d{1,3}(,\d{3})* notes of/);
    expect(toLocaleString).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
  });
});
