import { localStore, type SafeStorage } from '../../lib/safe-storage';

/**
 * The note box's unsaved text, kept in localStorage per user and video: it comes back after a
 * reload, a crash or a failed save, and goes once the note is saved (issue 30), or when the user's
 * session ends (a logout, a 401: app/session-guard.tsx), so the next person at a shared computer
 * finds none. Only the box's own text is kept, with the moment in the video the note was started at.
 */
export interface NoteDraft {
  text: string;
  /** Seconds into the video when the note was started; absent without a player. */
  time?: number;
}

export const EMPTY_DRAFT: NoteDraft = { text: '' };

const PREFIX = 'codetube:note-draft:';

const userPrefix = (userId: string) => `${PREFIX}${encodeURIComponent(userId)}:`;

/** Where a user's draft on a video is kept: one key each, so drafts never mix. */
export function noteDraftKey(userId: string, videoId: string): string {
  return `${userPrefix(userId)}${encodeURIComponent(videoId)}`;
}

/** Forgets every draft of a user (their session ended); other users' drafts stay. */
export function forgetNoteDrafts(userId: string, storage: SafeStorage = localStore): void {
  const prefix = userPrefix(userId);
  for (const key of storage.keys()) if (key.startsWith(prefix)) storage.removeItem(key);
}

/** The draft kept under `key`, or an empty one (nothing kept, unreadable, or written by hand). */
export function readNoteDraft(key: string, storage: SafeStorage = localStore): NoteDraft {
  const raw = storage.getItem(key);
  if (raw === null) return EMPTY_DRAFT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY_DRAFT;
  }
  if (typeof parsed !== 'object' || parsed === null) return EMPTY_DRAFT;
  const { text, time } = parsed as Partial<Record<keyof NoteDraft, unknown>>;
  if (typeof text !== 'string' || text === '') return EMPTY_DRAFT;
  const timed = typeof time === 'number' && Number.isFinite(time) && time >= 0;
  return timed ? { text, time } : { text };
}

/**
 * Keeps the draft under `key`; an empty one is forgotten. Answers whether it was kept (storage
 * may be full or refused: the box then works as before, without the copy).
 */
export function writeNoteDraft(
  key: string,
  draft: NoteDraft,
  storage: SafeStorage = localStore,
): boolean {
  if (draft.text === '') return storage.removeItem(key);
  const kept: NoteDraft =
    draft.time === undefined ? { text: draft.text } : { text: draft.text, time: draft.time };
  return storage.setItem(key, JSON.stringify(kept));
}
