import { describe, expect, it } from 'vitest';
import { findTimestamps, parseTimestamp } from './note-timestamps';

describe('parseTimestamp', () => {
  it.each([
    ['0:45', 45],
    ['2:05', 125],
    ['12:05', 725],
    ['59:59', 3599],
    ['1:02:10', 3730],
    ['01:02:10', 3730],
    ['10:00:00', 36_000],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseTimestamp(text)).toBe(seconds);
  });

  it.each(['1:2', '0:60', '60:00', '1:60:00', '123:00', '1:02:10:05', ':45', '1:', 'ab', ''])(
    '%s is not a moment',
    (text) => {
      expect(parseTimestamp(text)).toBeUndefined();
    },
  );
});

describe('findTimestamps', () => {
  it('finds every moment in prose, with its place', () => {
    expect(findTimestamps('Loops at 1:02:10, recap (0:45) and 12:05.')).toEqual([
      { text: '1:02:10', seconds: 3730, index: 9 },
      { text: '0:45', seconds: 45, index: 25 },
      { text: '12:05', seconds: 725, index: 35 },
    ]);
  });

  it('ignores look-alikes glued to other characters', () => {
    expect(findTimestamps('10:30am x1:20 1:20x 3:45.5 1:02:10:05 a:12:00 v1.2:30')).toEqual([]);
  });

  it('takes a moment at the very start and end of the text', () => {
    expect(findTimestamps('0:05 to 0:10').map((found) => found.seconds)).toEqual([5, 10]);
  });
});
