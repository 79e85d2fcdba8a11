import { describe, expect, it } from 'vitest';
import {
  currentCueIndex,
  highlightPieces,
  matchRanges,
  parseStartTime,
  watchAt,
} from './transcript-text';

const cues = [
  { start: 1, end: 4, text: 'one' },
  { start: 4, end: 8, text: 'two' },
  { start: 10, end: 12, text: 'three' },
];

describe('the transcript’s text', () => {
  it('finds the line playing at a moment', () => {
    expect(currentCueIndex(cues, 0)).toBe(-1);
    expect(currentCueIndex(cues, 1)).toBe(0);
    expect(currentCueIndex(cues, 9)).toBe(1);
    expect(currentCueIndex(cues, 500)).toBe(2);
    expect(currentCueIndex([], 5)).toBe(-1);
  });

  it('highlights every match in any case and without accents', () => {
    expect(matchRanges('Crème and CREME', 'creme')).toEqual([
      [0, 5],
      [10, 15],
    ]);
    expect(highlightPieces('A closure, closures', 'Closure')).toEqual([
      { text: 'A ', match: false },
      { text: 'closure', match: true },
      { text: ', ', match: false },
      { text: 'closure', match: true },
      { text: 's', match: false },
    ]);
    expect(highlightPieces('nothing', '  ')).toEqual([{ text: 'nothing', match: false }]);
    expect(highlightPieces('emoji 🔥 fire', 'fire')).toEqual([
      { text: 'emoji 🔥 ', match: false },
      { text: 'fire', match: true },
    ]);
  });

  it('reads a watch address’s start in seconds, YouTube’s units or a clock', () => {
    expect(parseStartTime('80')).toBe(80);
    expect(parseStartTime('80s')).toBe(80);
    expect(parseStartTime('1m20s')).toBe(80);
    expect(parseStartTime('1h2m3s')).toBe(3723);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime('1:20')).toBe(80);
    expect(parseStartTime('1:02:03')).toBe(3723);
    for (const bad of [null, '', '0', 'abc', '-5', '1m20x', 'Infinity']) {
      expect(parseStartTime(bad)).toBeUndefined();
    }
    expect(watchAt('a b', 80.7)).toBe('/watch/a%20b?t=80');
  });
});
