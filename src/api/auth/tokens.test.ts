import { describe, expect, it } from 'vitest';
import { tokenFromHeader } from './tokens';

describe('tokenFromHeader', () => {
  it('reads a raw token or a Bearer one', () => {
    expect(tokenFromHeader('Bearer abc.def')).toBe('abc.def');
    expect(tokenFromHeader('bearer   abc')).toBe('abc');
    expect(tokenFromHeader('  abc  ')).toBe('abc');
    expect(tokenFromHeader('')).toBeUndefined();
    expect(tokenFromHeader(undefined)).toBeUndefined();
  });

  // Linear on any header (issue 42, finding 12): the pattern's spaces and token could trade
  // characters, and a line break after 100,000 spaces made it try each split (seconds, past the
  // test's timeout: a guard against quadratic work, not a timing assertion).
  it('reads a header of 100,000 spaces before a line break as it is', () => {
    const header = `Bearer ${' '.repeat(100_000)}a\nb`;
    expect(tokenFromHeader(header)).toBe(header);
    expect(tokenFromHeader(`Bearer ${' '.repeat(100_000)}abc`)).toBe('abc');
  });
});
