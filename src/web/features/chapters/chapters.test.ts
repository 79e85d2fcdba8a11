import { describe, expect, it } from 'vitest';
import { formatTime } from '../../lib/format';
import { currentChapterIndex, parseChapters, splitTimes } from './chapters';

describe('parseChapters', () => {
  it('reads time-title lines anywhere in the description, hours included', () => {
    const description = [
      'A lesson about layout.',
      '',
      '0:00 Intro',
      '1:23 Flexbox',
      '  12:05 - Grid areas  ',
      '(59:59) The last minute',
      '1:02:10 Wrap up',
      'Thanks for watching!',
    ].join('\n');
    expect(parseChapters(description)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 83, title: 'Flexbox' },
      { start: 725, title: 'Grid areas' },
      { start: 3599, title: 'The last minute' },
      { start: 3730, title: 'Wrap up' },
    ]);
  });

  it('accepts 00:00, Windows line ends and long minute counts', () => {
    expect(parseChapters('00:00 Start\r\n100:00 Much later\r\n')).toEqual([
      { start: 0, title: 'Start' },
      { start: 6000, title: 'Much later' },
    ]);
  });

  it('finds none unless there are two or more, the first at 0:00, each later than the last', () => {
    expect(parseChapters('')).toEqual([]);
    expect(parseChapters('No times here.\nNone at all.')).toEqual([]);
    expect(parseChapters('0:00 Only one')).toEqual([]);
    expect(parseChapters('0:05 Intro\n1:00 Main')).toEqual([]);
    expect(parseChapters('0:00 Intro\n2:00 Main\n1:00 Back in time')).toEqual([]);
    expect(parseChapters('0:00 Intro\n1:00 Main\n1:00 Same moment')).toEqual([]);
  });

  it('ignores times inside sentences, without a title or not a clock time', () => {
    expect(parseChapters('0:00 Intro\nAt 1:00 we start\n2:00 Main')).toEqual([
      { start: 0, title: 'Intro' },
      { start: 120, title: 'Main' },
    ]);
    expect(parseChapters('0:00 Intro\n1:00\n1:75 Not a time\n10:30am notes\n2:00 Main')).toEqual([
      { start: 0, title: 'Intro' },
      { start: 120, title: 'Main' },
    ]);
  });
});

describe('currentChapterIndex', () => {
  const chapters = parseChapters('0:00 Intro\n1:00 Main\n2:00 End');
  it('is the last chapter that has started', () => {
    expect(currentChapterIndex(chapters, 0)).toBe(0);
    expect(currentChapterIndex(chapters, 59.9)).toBe(0);
    expect(currentChapterIndex(chapters, 60)).toBe(1);
    expect(currentChapterIndex(chapters, 5000)).toBe(2);
    expect(currentChapterIndex([], 10)).toBe(-1);
  });
});

describe('formatTime for chapters', () => {
  it('writes m:ss, or h:mm:ss from an hour', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(83.7)).toBe('1:23');
    expect(formatTime(3730)).toBe('1:02:10');
  });
});

describe('splitTimes', () => {
  it('cuts a text at the times written in it', () => {
    expect(splitTimes('Start at 12:04, recap at 1:02:10.')).toEqual([
      'Start at ',
      { time: '12:04', seconds: 724 },
      ', recap at ',
      { time: '1:02:10', seconds: 3730 },
      '.',
    ]);
    expect(splitTimes('0:00 Welcome\n1:15 The idea')).toEqual([
      { time: '0:00', seconds: 0 },
      ' Welcome\n',
      { time: '1:15', seconds: 75 },
      ' The idea',
    ]);
  });

  it('leaves what only looks like a time: longer digit runs, a ratio, a port', () => {
    for (const text of ['at 123:45', 'ratio 16:9', 'localhost:3000', 'no times here', '1:2:3:45']) {
      expect(splitTimes(text)).toEqual([text]);
    }
    expect(splitTimes('')).toEqual([]);
  });
});

/**
 * Hostile descriptions of 100,000 characters (issue 42, finding 12): a description is catalogue
 * text, parsed in every server render of its watch page and again in the browser. The patterns
 * cannot backtrack (the line is trimmed before its pattern, whose title runs to the line's end);
 * these inputs guard that: quadratic parsing took 24 s on 60,000 spaces, so a regression runs
 * past the test's timeout, a guard against work that grows with the square of the text, not a
 * timing assertion.
 */
describe('chapters of hostile descriptions', () => {
  const run = 100_000;

  it('reads a title with a long run of spaces inside it, and the chapters around it', () => {
    const description = `0:00 Intro a${' '.repeat(60_000)}b\n1:00 Next`;
    expect(parseChapters(description)).toEqual([
      { start: 0, title: `Intro a${' '.repeat(60_000)}b` },
      { start: 60, title: 'Next' },
    ]);
    expect(parseChapters(`0:00 Intro a${' '.repeat(run)}b\n1:00 Next`)[0]?.title).toHaveLength(
      run + 8,
    );
  });

  it('reads lines that are long runs of spaces, digits, colons, brackets or one letter', () => {
    /** The chapters a hostile line adds between `0:00 Intro` and `9:00:00 End`. */
    const between = (line: string) =>
      parseChapters(`0:00 Intro\n${line}\n9:00:00 End`).slice(1, -1);
    expect(between(`1:00 Title${' '.repeat(run)}`)).toEqual([{ start: 60, title: 'Title' }]);
    expect(between(`${' '.repeat(run)}1:00 Spaced`)).toEqual([{ start: 60, title: 'Spaced' }]);
    expect(between(`1:00${' '.repeat(run)}`)).toEqual([]);
    expect(between(`1:00 x${' '.repeat(run)}\u2028y`)).toEqual([]);
    expect(between(`1:00 ${'-'.repeat(run)}`)).toEqual([{ start: 60, title: '-'.repeat(run - 1) }]);
    expect(between(`1:00 ${'a'.repeat(run)}`)).toEqual([{ start: 60, title: 'a'.repeat(run) }]);
    expect(between(`${'['.repeat(run)}1:00 Opened`)).toEqual([]);
    expect(between(`(1:00)${')'.repeat(run)}`)).toEqual([]);
    expect(between(`(1:00) ${')'.repeat(run)}`)).toEqual([{ start: 60, title: ')'.repeat(run) }]);
    expect(between('1:2'.repeat(33_333))).toEqual([
      { start: 4881, title: `${'21:'.repeat(33_330)}2` },
    ]);
    expect(between('9'.repeat(run))).toEqual([]);
    expect(between(':'.repeat(run))).toEqual([]);
  });

  it('splits a 100,000-character run of digits and colons at its times', () => {
    const digits = '1:2'.repeat(run / 3);
    expect(splitTimes(digits)).toEqual([digits]);
    const times = '1:23 '.repeat(run / 5);
    const parts = splitTimes(times);
    expect(parts).toHaveLength((2 * run) / 5);
    expect(parts[0]).toEqual({ time: '1:23', seconds: 83 });
  });
});
