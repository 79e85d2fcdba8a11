import type { Video } from '../../../contract/entities';
import { api, readAgain } from '../../lib/api-client';
import { ADDED, DELETED, accept, catchingUp, withToasts } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';

export const likesTexts = {
  adding: 'Adding video to liked list...',
  added: 'Video added to liked list',
  deleting: 'Deleting video from liked list...',
  deleted: 'Video deleted from liked list.',
  like: 'Like',
  liked: 'Liked',
} as const;

/**
 * product §4: the like toggle removes the video if already liked (offering Undo, which likes it
 * again), otherwise adds it.
 */
export function toggleLike(video: Video, isLiked: boolean, dispatch: Dispatchers['videos']) {
  const onError = (error: unknown) => dispatch({ type: 'ERROR', payload: error });
  if (isLiked) {
    return withToasts(
      { loading: likesTexts.deleting, success: likesTexts.deleted },
      async () => {
        const { likes } = accept(
          await api.call('DELETE /api/user/likes/{videoId}', { params: { videoId: video._id } }),
          DELETED,
        );
        dispatch({ type: 'DISLIKE_VIDEO', payload: likes });
      },
      onError,
      { undo: () => void toggleLike(video, false, dispatch) },
    );
  }
  return withToasts(
    { loading: likesTexts.adding, success: likesTexts.added },
    catchingUp(
      async () => {
        const { likes } = accept(
          await api.call('POST /api/user/likes', { body: { video } }),
          ADDED,
        );
        dispatch({ type: 'LIKE_VIDEO', payload: likes });
      },
      () => readAgain('GET /api/user/likes'),
    ),
    onError,
  );
}
