import type { Progress } from '../../../contract/entities';
import { api } from '../../lib/api-client';
import { toastFailure } from '../../lib/notify';
import { localStore } from '../../lib/safe-storage';
import type { Dispatchers } from '../../state/use-store';

/** Positions this close to the start are not worth resuming. */
export const MIN_RESUME_SECONDS = 5;

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Saves where the user is in a video, and its length when the player knows it (for the progress
 * bar). Quiet: losing one position report is harmless.
 */
export async function saveProgress(
  videoId: string,
  seconds: number,
  dispatch: Dispatchers['videos'],
  duration?: number,
): Promise<void> {
  try {
    const { data } = await api.call('POST /api/user/progress/{videoId}', {
      params: { videoId },
      body: {
        seconds: tenths(seconds),
        ...(duration !== undefined && duration > 0 ? { duration: tenths(duration) } : {}),
      },
    });
    dispatch({ type: 'GET_PROGRESS', payload: data.progress });
  } catch (error) {
    dispatch({ type: 'ERROR', payload: error });
  }
}

/** Forgets the position once a video is watched to its end. */
export async function clearProgress(videoId: string, dispatch: Dispatchers['videos']) {
  try {
    const { data } = await api.call('DELETE /api/user/progress/{videoId}', { params: { videoId } });
    dispatch({ type: 'GET_PROGRESS', payload: data.progress });
  } catch (error) {
    dispatch({ type: 'ERROR', payload: error });
  }
}

/**
 * 'Remove from Continue watching': forgets the position on the server (every device, and the
 * video starts from the beginning next time). The card goes at once; a failed call brings it back.
 */
export async function dismissProgress(
  videoId: string,
  progress: Progress[],
  dispatch: Dispatchers['videos'],
): Promise<boolean> {
  dispatch({ type: 'GET_PROGRESS', payload: progress.filter((item) => item.videoId !== videoId) });
  try {
    const { data } = await api.call('DELETE /api/user/progress/{videoId}', { params: { videoId } });
    dispatch({ type: 'GET_PROGRESS', payload: data.progress });
    return true;
  } catch (error) {
    dispatch({ type: 'GET_PROGRESS', payload: progress });
    dispatch({ type: 'ERROR', payload: error });
    toastFailure(error);
    return false;
  }
}

const ROW_HINT_KEY = 'codetube:continue-watching';

/**
 * Whether the last visit had anything to continue: while a restored session's positions load,
 * home keeps the row's place only when it is likely to be filled (no jump either way).
 */
export function continueRowExpected(): boolean {
  return localStore.getItem(ROW_HINT_KEY) === '1';
}

export function rememberContinueRow(shown: boolean): void {
  // Blocked or full storage: the row just may not hold its place next time.
  localStore.setItem(ROW_HINT_KEY, shown ? '1' : '0');
}
