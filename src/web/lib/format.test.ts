import { describe, expect, it, vi } from 'vitest';
import {
  ageWords,
  describeDuration,
  formatAge,
  formatCount,
  formatDuration,
  truncate,
} from './format';

describe('truncate', () => {
  it('keeps text up to the limit and cuts longer text with ...', () => {
    expect(truncate('a'.repeat(50), 50)).toBe('a'.repeat(50));
    expect(truncate('a'.repeat(51), 50)).toBe(`${'a'.repeat(50)}...`);
    expect(
      truncate('SHORTEST JS Program 🔥window & this keyword | Namaste JavaScript Ep. 5', 50),
    ).toBe('SHORTEST JS Program 🔥window & this keyword | Namas...');
  });
});

describe('formatCount', () => {
  it('shows counts under a thousand as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(899)).toBe('899');
  });

  it('shows thousands in K and millions in M with one decimal', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(40143)).toBe('40.1K');
    expect(formatCount(808418)).toBe('808.4K');
    expect(formatCount(999_999)).toBe('1.0M');
    expect(formatCount(5_295_078)).toBe('5.3M');
    expect(formatCount(8_848_594)).toBe('8.8M');
  });
});

describe('formatAge', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('says how long ago in the largest whole unit', () => {
    expect(formatAge('2020-11-22', now)).toBe('5 years ago');
    expect(formatAge('2026-11-14', now)).toBe('last week');
    expect(formatAge('2026-11-19', now)).toBe('2 days ago');
  });

  it('shows text it cannot read as it is', () => {
    expect(formatAge('someday', now)).toBe('someday');
  });

  it("words every age as Intl's English relative time (numeric: auto) does", () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;
    for (const unit of units) {
      for (const count of [1, 2, 3, 11, 12, 59, 1000, 12_345]) {
        expect(ageWords(count, unit)).toBe(intl.format(-count, unit));
      }
    }
    expect(formatAge('2025-11-21', now)).toBe('last year');
    expect(formatAge('2026-10-21', now)).toBe('last month');
    expect(formatAge('2026-11-20T12:00:00Z', now)).toBe('yesterday');
    expect(formatAge('2026-11-21T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatAge('2026-11-21T11:58:00Z', now)).toBe('2 minutes ago');
  });

  it('sets up no Intl formatter when the app loads (its locale data costs the first paint)', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'RelativeTimeFormat');
    const fresh = await import('./format');
    expect(fresh.formatAge('2020-11-22', now)).toBe('5 years ago');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});

describe("a video's length", () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(36_000 + 59)).toBe('10:00:59');
  });

  it('says it in words for screen readers, without the parts that are zero', () => {
    expect(describeDuration(725)).toBe('12 minutes, 5 seconds');
    expect(describeDuration(3723)).toBe('1 hour, 2 minutes, 3 seconds');
    expect(describeDuration(3600)).toBe('1 hour');
    expect(describeDuration(7260)).toBe('2 hours, 1 minute');
    expect(describeDuration(1)).toBe('1 second');
  });
});
