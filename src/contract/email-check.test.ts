import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './requests';

/** The pattern the signup email was checked with before issue 26 (quadratic on `a@a.a.a.…@`). */
const oldPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('looksLikeEmail', () => {
  it('accepts exactly what the old pattern accepted, on short texts', () => {
    const character = fc.constantFrom('a', 'b', '@', '.', ' ', '\t', '\u00a0', '-', 'é');
    fc.assert(
      fc.property(fc.array(character, { maxLength: 12 }), (characters) => {
        const text = characters.join('');
        expect(looksLikeEmail(text), JSON.stringify(text)).toBe(oldPattern.test(text));
      }),
      { numRuns: 5000 },
    );
    for (const [text, expected] of [
      ['name@example.com', true],
      ['a@b.c', true],
      ['a@b..c', true],
      ['a@.b.c', true],
      ['a@.bc', false],
      ['a@bc.', false],
      ['@b.c', false],
      ['a@b@c.d', false],
      ['a b@c.d', false],
    ] as const) {
      expect(looksLikeEmail(text), text).toBe(expected);
    }
  });
});
