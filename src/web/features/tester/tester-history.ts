import { HISTORY_STORAGE_KEY } from '../../lib/tester-history-authorization';
import { REQUEST_METHODS, type ReqType, type TesterResponse } from './tester-reducer';

export { HISTORY_STORAGE_KEY };

/** How many requests the history keeps (newest first). */
export const HISTORY_LIMIT = 50;

/** One sent request and how it went. */
export interface HistoryEntry {
  id: string;
  /** ISO timestamp of sending. */
  sentAt: string;
  reqType: ReqType;
  endpoint: string;
  /** The enabled headers, as sent. */
  headers: Record<string, string>;
  /** The stored body (valid JSON); not sent with GET, kept so a re-run can switch method. */
  body: string;
  /** The status line, or the error when no response came. */
  outcome: { status: number; statusText: string } | { error: string };
  durationMs?: number;
}

/** The part of the Web Storage API the history needs. */
export type HistoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

function isOutcome(value: unknown): value is HistoryEntry['outcome'] {
  const outcome = value as { status?: unknown; statusText?: unknown; error?: unknown } | null;
  if (typeof outcome !== 'object' || outcome === null) return false;
  return (
    (typeof outcome.status === 'number' && typeof outcome.statusText === 'string') ||
    typeof outcome.error === 'string'
  );
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  const entry = value as Partial<Record<keyof HistoryEntry, unknown>> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.sentAt === 'string' &&
    REQUEST_METHODS.includes(entry.reqType as ReqType) &&
    typeof entry.endpoint === 'string' &&
    isStringRecord(entry.headers) &&
    typeof entry.body === 'string' &&
    isOutcome(entry.outcome) &&
    (entry.durationMs === undefined || typeof entry.durationMs === 'number')
  );
}

/** The stored history, newest first; unreadable entries are dropped rather than failing it all. */
export function readTesterHistory(storage: Pick<Storage, 'getItem'>): HistoryEntry[] {
  try {
    const parsed = JSON.parse(storage.getItem(HISTORY_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isHistoryEntry).slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Stores the history; an empty one removes the key. */
export function writeTesterHistory(storage: HistoryStorage, entries: readonly HistoryEntry[]) {
  try {
    if (entries.length === 0) storage.removeItem(HISTORY_STORAGE_KEY);
    else storage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(entries.slice(0, HISTORY_LIMIT)));
  } catch (error) {
    // A full storage costs the history its persistence, not the tester its use.
    console.warn('Request tester: the history could not be saved', error);
  }
}

/** The history with one more entry on top, the oldest dropped beyond the limit. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...entries].slice(0, HISTORY_LIMIT);
}

let lastId = 0;

/** A history entry for a request that was sent and what came of it. */
export function historyEntry(
  request: Pick<HistoryEntry, 'reqType' | 'endpoint' | 'headers' | 'body'>,
  response: TesterResponse,
  sentAt: Date,
): HistoryEntry {
  lastId += 1;
  return {
    id: `${sentAt.getTime().toString(36)}-${lastId}-${Math.random().toString(36).slice(2, 8)}`,
    sentAt: sentAt.toISOString(),
    ...request,
    outcome:
      response.kind === 'response'
        ? { status: response.status, statusText: response.statusText }
        : { error: `${response.name}: ${response.message}` },
    ...(response.durationMs === undefined ? {} : { durationMs: response.durationMs }),
  };
}
