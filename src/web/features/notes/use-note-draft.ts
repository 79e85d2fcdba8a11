import { useCallback, useEffect, useState } from 'react';
import {
  EMPTY_DRAFT,
  noteDraftKey,
  readNoteDraft,
  writeNoteDraft,
  type NoteDraft,
} from './note-drafts';

/**
 * The note box's draft for this user and video, kept in localStorage as it changes (note-drafts.ts):
 * read back on a reload, kept through a failed save, forgotten once it is empty. Without a user
 * (signed out, or not known yet) it is kept in the page only.
 */
export function useNoteDraft(userId: string | undefined, videoId: string) {
  const key = userId === undefined ? undefined : noteDraftKey(userId, videoId);
  const [kept, setKept] = useState(() => ({ key, draft: key ? readNoteDraft(key) : EMPTY_DRAFT }));
  // Another user, or the user known only now: their own draft (adjusted while rendering).
  if (kept.key !== key) setKept({ key, draft: key ? readNoteDraft(key) : EMPTY_DRAFT });

  useEffect(() => {
    if (kept.key) writeNoteDraft(kept.key, kept.draft);
  }, [kept]);

  const update = useCallback((change: (draft: NoteDraft) => NoteDraft) => {
    setKept((current) => ({ key: current.key, draft: change(current.draft) }));
  }, []);
  return [kept.draft, update] as const;
}
