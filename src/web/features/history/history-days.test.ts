import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../contract/entities';
import { dayKey, groupHistoryByDay, matchesHistorySearch } from './history-days';

const item = (id: string, watchedAt?: string, title = `Video ${id}`): HistoryItem => ({
  _id: id,
  title,
  channelName: 'Channel',
  views: 1,
  uploadedOn: '2026-01-01',
  avatar: '',
  description: '',
  categoryName: 'CSS',
  ...(watchedAt === undefined ? {} : { watchedAt }),
});

const summary = (days: ReturnType<typeof groupHistoryByDay>) =>
  days.map((day) => [day.label, day.items.map((entry) => entry._id)]);

describe('groupHistoryByDay', () => {
  it('puts the newest first, under Today, Yesterday, then long dates', () => {
    const history = [
      item('a', '2026-11-20T09:00:00+00:00'),
      item('b', '2026-11-23T10:00:00+00:00'),
      item('c', '2026-11-24T08:00:00+00:00'),
      item('d', '2026-11-25T07:00:00+00:00'),
      item('e', '2026-11-25T09:30:00+00:00'),
    ];
    const days = groupHistoryByDay(history, {
      now: new Date('2026-11-25T12:00:00Z'),
      timeZone: 'UTC',
      locale: 'en-GB',
    });
    expect(summary(days)).toEqual([
      ['Today', ['e', 'd']],
      ['Yesterday', ['c']],
      ['Monday, 23 November 2026', ['b']],
      ['Friday, 20 November 2026', ['a']],
    ]);
    expect(days.map((day) => day.key)).toEqual([
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-20',
    ]);
  });

  it('counts days in the reader’s time zone, on either side of midnight', () => {
    const history = [
      // 23:59:59 on the 24th in New York (UTC−5): yesterday there, though the 25th in UTC.
      item('late', '2026-11-25T04:59:59+00:00'),
      // One second later: just after midnight, today in New York.
      item('early', '2026-11-25T05:00:00+00:00'),
    ];
    const now = new Date('2026-11-25T05:00:30Z');
    expect(summary(groupHistoryByDay(history, { now, timeZone: 'America/New_York' }))).toEqual([
      ['Today', ['early']],
      ['Yesterday', ['late']],
    ]);
    // In UTC both are the 25th.
    expect(summary(groupHistoryByDay(history, { now, timeZone: 'UTC' }))).toEqual([
      ['Today', ['early', 'late']],
    ]);
    // Tokyo (UTC+9): 'now' is already 14:00 on the 25th; both were watched that day too.
    expect(summary(groupHistoryByDay(history, { now, timeZone: 'Asia/Tokyo' }))).toEqual([
      ['Today', ['early', 'late']],
    ]);
  });

  it('finds Yesterday across a month, a year and a daylight-saving change', () => {
    const newYear = groupHistoryByDay([item('x', '2026-12-31T23:00:00+00:00')], {
      now: new Date('2027-01-01T00:30:00Z'),
      timeZone: 'UTC',
    });
    expect(newYear[0]?.label).toBe('Yesterday');
    // Europe/Berlin leaves summer time on 25 October 2026 (a 25-hour day).
    const dst = groupHistoryByDay([item('y', '2026-10-24T22:30:00+00:00')], {
      now: new Date('2026-10-25T23:30:00Z'),
      timeZone: 'Europe/Berlin',
    });
    // 00:30 on the 25th and 00:30 on the 26th in Berlin.
    expect(dst[0]?.label).toBe('Yesterday');
  });

  it('keeps the stored order inside a day and puts entries without a time last', () => {
    const history = [
      item('old'),
      item('b', '2026-11-25T10:00:00+00:00'),
      item('a', '2026-11-25T09:00:00+00:00'),
      item('bad', 'not a date'),
    ];
    const days = groupHistoryByDay(history, {
      now: new Date('2026-11-25T12:00:00Z'),
      timeZone: 'UTC',
    });
    // Moved to the end means watched last, whatever the clocks said.
    expect(summary(days)).toEqual([
      ['Today', ['a', 'b']],
      ['Earlier', ['bad', 'old']],
    ]);
  });

  it('formats dates in the given locale', () => {
    const [day] = groupHistoryByDay([item('a', '2026-11-20T09:00:00+00:00')], {
      now: new Date('2026-11-25T12:00:00Z'),
      timeZone: 'UTC',
      locale: 'en-US',
    });
    expect(day?.label).toBe('Friday, November 20, 2026');
  });

  it('answers nothing for an empty history', () => {
    expect(groupHistoryByDay([], { now: new Date(), timeZone: 'UTC' })).toEqual([]);
  });
});

describe('dayKey', () => {
  it('is the calendar day in the zone', () => {
    expect(dayKey(new Date('2026-11-25T04:59:59Z'), 'America/New_York')).toBe('2026-11-24');
    expect(dayKey(new Date('2026-11-24T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-25');
  });
});

describe('matchesHistorySearch', () => {
  const video = { ...item('a', undefined, 'Learn CSS in 20 Minutes'), channelName: 'Web Dev' };
  it('matches title or channel, ignoring case and surrounding spaces', () => {
    expect(matchesHistorySearch(video, 'css')).toBe(true);
    expect(matchesHistorySearch(video, '  WEB dev ')).toBe(true);
    expect(matchesHistorySearch(video, '')).toBe(true);
    expect(matchesHistorySearch(video, 'python')).toBe(false);
  });
});
