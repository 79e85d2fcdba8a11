import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Video } from '../../contract/entities';
import { readerTimeZone } from '../features/history/history-days';
import { recordPlay } from '../features/history/record-play';
import { saveProgress } from '../features/progress/progress-service';
import { useAuth, useVideos } from '../state/use-store';

/**
 * What the watch page calls when its video starts playing: the first time in this visit of the
 * page (a signed-in user), the play is recorded in the history (record-play.ts), however the page
 * was opened (a card, a shared link, a bookmark, a reload). Later plays in the visit do nothing.
 * A watch moved to now keeps its place to resume (the server forgot it with the old entry).
 */
export function useRecordPlay(video: Video): () => void {
  const { state: auth } = useAuth();
  const { state, dispatch } = useVideos();
  const client = useQueryClient();
  const recorded = useRef(false);
  const { isLoggedIn } = auth;
  const { progress } = state;
  return useCallback(() => {
    if (recorded.current || !isLoggedIn) return;
    recorded.current = true;
    const resumeAt = progress.find((item) => item.videoId === video._id);
    void recordPlay(video, client, dispatch, {
      timeZone: readerTimeZone(),
      afterMove: async () => {
        if (resumeAt) await saveProgress(video._id, resumeAt.seconds, dispatch, resumeAt.duration);
      },
    });
  }, [isLoggedIn, progress, video, client, dispatch]);
}
