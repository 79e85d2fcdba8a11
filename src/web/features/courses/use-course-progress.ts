import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { userCourseRead } from '../../data/course-reads';
import { useSessionName } from '../../data/library';
import { setLessonDone } from './courses-service';

/**
 * The signed-in user's progress in one course (undefined signed out or while it loads), and
 * Mark done / Undo done for its lessons: a lesson's control is busy while its call is on its way.
 */
export function useCourseProgress(slug: string) {
  const session = useSessionName();
  const client = useQueryClient();
  const { data } = useQuery({
    ...userCourseRead(session ?? '', slug),
    enabled: session !== null && slug !== '',
  });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const setDone = (videoId: string, done: boolean) => {
    if (session === null || busy.has(videoId)) return;
    setBusy((before) => new Set(before).add(videoId));
    void setLessonDone(client, session, slug, videoId, done).finally(() =>
      setBusy((before) => {
        const after = new Set(before);
        after.delete(videoId);
        return after;
      }),
    );
  };
  return {
    signedIn: session !== null,
    progress: session === null ? undefined : data?.progress,
    setDone,
    busy,
  };
}
