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
