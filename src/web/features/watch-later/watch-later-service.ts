import type { Video } from '../../../contract/entities';
import { useWatchLaterWrite } from '../../data/watch-later';
import { withToasts } from '../../lib/notify';
import { useVideos } from '../../state/use-store';

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

/**
 * Saves a video for later or takes it off (Undo saves it again); the list changes at once and
 * goes back if the call is refused. product §8: a failed add raises no error toast, only the
 * error action. `toggle` resolves to whether the change was made; `busy` while one is on its way.
 */
export function useWatchLaterToggle() {
  const { dispatch } = useVideos();
  const mutation = useWatchLaterWrite();
  const onError = (error: unknown) => dispatch({ type: 'ERROR', payload: error });
  const toggle = (video: Video, saved: boolean): Promise<boolean> =>
    withToasts(
      saved
        ? { loading: watchLaterTexts.deleting, success: watchLaterTexts.deleted }
        : { loading: watchLaterTexts.adding, success: watchLaterTexts.added },
      async () => void (await mutation.mutateAsync({ video, saved })),
      onError,
      saved ? { undo: () => void toggle(video, false) } : { quiet: true },
    );
  return { toggle, busy: mutation.isPending };
}
