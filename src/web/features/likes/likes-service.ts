import type { Video } from '../../../contract/entities';
import { useLikeWrite } from '../../data/likes';
import { withToasts } from '../../lib/notify';
import { useVideos } from '../../state/use-store';

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
 * again), otherwise adds it. The button shows the change at once and goes back if it is refused.
 * `toggle` resolves to whether the change was made; `busy` while one is on its way.
 */
export function useLikeToggle() {
  const { dispatch } = useVideos();
  const mutation = useLikeWrite();
  const onError = (error: unknown) => dispatch({ type: 'ERROR', payload: error });
  const toggle = (video: Video, liked: boolean): Promise<boolean> =>
    withToasts(
      liked
        ? { loading: likesTexts.deleting, success: likesTexts.deleted }
        : { loading: likesTexts.adding, success: likesTexts.added },
      async () => void (await mutation.mutateAsync({ video, liked })),
      onError,
      liked ? { undo: () => void toggle(video, false) } : {},
    );
  return { toggle, busy: mutation.isPending };
}
