import { beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  HISTORY_STORAGE_KEY,
  historyEntry,
  readTesterHistory,
  withEntry,
  writeTesterHistory,
  type HistoryEntry,
} from './tester-history';
import type { TesterResponse } from './tester-reducer';

const ok: TesterResponse = {
  kind: 'response',
  status: 201,
  statusText: 'Created',
  ok: true,
  headers: [],
  data: {},
  durationMs: 12,
  sizeBytes: 2,
};
const request = {
  reqType: 'POST' as const,
  endpoint: '/api/test-todos',
  headers: { Accept: '*/*' },
  body: '{"title":"x"}',
};
const buildEntry = (n: number): HistoryEntry =>
  historyEntry(
    { ...request, endpoint: `/api/test-todos/${n}` },
    ok,
    new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
  );

describe('the request history', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('records the request, its status, duration and time of sending', () => {
    const entry = historyEntry(request, ok, new Date('2026-01-02T03:04:05.000Z'));
    expect(entry).toMatchObject({
      ...request,
      sentAt: '2026-01-02T03:04:05.000Z',
      outcome: { status: 201, statusText: 'Created' },
      durationMs: 12,
    });
    const failed = historyEntry(
      request,
      { kind: 'error', name: 'TypeError', message: 'Network request failed' },
      new Date(),
    );
    expect(failed.outcome).toEqual({ error: 'TypeError: Network request failed' });
    expect(failed.id).not.toBe(entry.id);
  });

  it(`keeps the newest ${HISTORY_LIMIT}, newest first`, () => {
    let entries: HistoryEntry[] = [];
    for (let n = 1; n <= HISTORY_LIMIT + 5; n += 1) entries = withEntry(entries, buildEntry(n));
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0]?.endpoint).toBe(`/api/test-todos/${HISTORY_LIMIT + 5}`);
    expect(entries.at(-1)?.endpoint).toBe('/api/test-todos/6');
  });

  it('survives a round trip through storage, and clearing removes the key', () => {
    const entries = [buildEntry(2), buildEntry(1)];
    writeTesterHistory(localStorage, entries);
    expect(readTesterHistory(localStorage)).toEqual(entries);
    writeTesterHistory(localStorage, []);
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    expect(readTesterHistory(localStorage)).toEqual([]);
  });

  it('drops unreadable entries and ignores unreadable storage', () => {
    const good = buildEntry(1);
    localStorage.setItem(
      HISTORY_STORAGE_KEY,
      JSON.stringify([good, { ...good, reqType: 'PUT' }, { ...good, headers: { a: 1 } }, null, 3]),
    );
    expect(readTesterHistory(localStorage)).toEqual([good]);
    localStorage.setItem(HISTORY_STORAGE_KEY, '{oops');
    expect(readTesterHistory(localStorage)).toEqual([]);
    localStorage.setItem(HISTORY_STORAGE_KEY, '{"not":"a list"}');
    expect(readTesterHistory(localStorage)).toEqual([]);
  });
});
