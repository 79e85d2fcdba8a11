import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../contract/entities';
import { buildVideo } from '../../testing/factories';
import { playRecord } from './record-play';

const entry = (id: string, watchedAt?: string): HistoryItem => ({
  ...buildVideo({ _id: id }),
  ...(watchedAt === undefined ? {} : { watchedAt }),
});

const now = new Date('2026-11-25T12:00:00Z');

describe('playRecord', () => {
  it('adds a video that is not in the history', () => {
    expect(playRecord([entry('a', '2026-11-25T09:00:00+00:00')], 'b', now, 'UTC')).toBe('add');
  });

  it('leaves the newest entry of today alone: it is this watch, recorded as it was opened', () => {
    const history = [
      entry('a', '2026-11-20T09:00:00+00:00'),
      entry('b', '2026-11-25T11:59:00+00:00'),
    ];
    expect(playRecord(history, 'b', now, 'UTC')).toBe('none');
  });

  it('moves an earlier watch: under an older day, or below another of today', () => {
    const history = [
      entry('a', '2026-11-25T08:00:00+00:00'),
      entry('b', '2026-11-25T09:00:00+00:00'),
    ];
    expect(playRecord(history, 'a', now, 'UTC')).toBe('move');
    expect(playRecord([entry('a', '2026-11-24T23:00:00+00:00')], 'a', now, 'UTC')).toBe('move');
    expect(playRecord([entry('a')], 'a', now, 'UTC')).toBe('move');
  });

  it("counts days in the reader's time zone", () => {
    // 23:30 UTC on the 24th is already the 25th in Tokyo.
    const history = [entry('a', '2026-11-24T23:30:00+00:00')];
    expect(playRecord(history, 'a', now, 'Asia/Tokyo')).toBe('none');
    expect(playRecord(history, 'a', now, 'UTC')).toBe('move');
  });
});
