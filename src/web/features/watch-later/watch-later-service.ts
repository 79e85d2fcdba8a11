import type { Video } from '../../../contract/entities';
import { api, readAgain } from '../../lib/api-client';
import { ADDED, DELETED, accept, catchingUp, withToasts } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';

export const watchLaterTexts = {
  adding: 'Adding video to watch later...',
  added: 'Video added to watch later',
  deleting: 'Deleting video from watch later...',
  deleted: 'Video deleted from watch later.',
  save: 'Save to Watch later',
  remove: 'Remove from Watch later',
  heading: 'Watch Later',
  empty: 'No videos added yet.',
} as const;

/** Saves a video for later; product §8: a failed add raises no error toast, only the error action. */
export function addToWatchLater(video: Video, dispatch: Dispatchers['videos']) {
  return withToasts(
    { loading: watchLaterTexts.adding, success: watchLaterTexts.added },
    catchingUp(
      async () => {
        const { watchlater } = accept(
          await api.call('POST /api/user/watchlater', { body: { video } }),
          ADDED,
        );
        dispatch({ type: 'ADD_VIDEO_TO_WATCH_LATER', payload: watchlater });
      },
      () => readAgain('GET /api/user/watchlater'),
    ),
    (error) => dispatch({ type: 'ERROR', payload: error }),
    { quiet: true },
  );
}

/** Takes a video off the watch-later list; Undo saves it again. */
export function removeFromWatchLater(video: Video, dispatch: Dispatchers['videos']) {
  return withToasts(
    { loading: watchLaterTexts.deleting, success: watchLaterTexts.deleted },
    async () => {
      const { watchlater } = accept(
        await api.call('DELETE /api/user/watchlater/{videoId}', { params: { videoId: video._id } }),
        DELETED,
      );
      dispatch({ type: 'DELETE_VIDEO_FROM_WATCH_LATER', payload: watchlater });
    },
    (error) => dispatch({ type: 'ERROR', payload: error }),
    { undo: () => void addToWatchLater(video, dispatch) },
  );
}
