import type { ProgressResponse } from '../../../contract/responses';
import { api } from '../../lib/api-client';
import type { Dispatchers } from '../../state/use-store';

/** Positions this close to the start are not worth resuming. */
export const MIN_RESUME_SECONDS = 5;

const progressPath = (videoId: string) => `/api/user/progress/${encodeURIComponent(videoId)}`;

/** Saves where the user is in a video. Quiet: losing one position report is harmless. */
export async function saveProgress(
  videoId: string,
  seconds: number,
  dispatch: Dispatchers['videos'],
): Promise<void> {
  try {
    const { data } = await api.post<ProgressResponse>(progressPath(videoId), {
      seconds: Math.round(seconds * 10) / 10,
    });
    dispatch({ type: 'GET_PROGRESS', payload: data.progress });
  } catch (error) {
    dispatch({ type: 'ERROR', payload: error });
  }
}

/** Forgets the position once a video is watched to its end. */
export async function clearProgress(videoId: string, dispatch: Dispatchers['videos']) {
  try {
    const { data } = await api.delete<ProgressResponse>(progressPath(videoId));
    dispatch({ type: 'GET_PROGRESS', payload: data.progress });
  } catch (error) {
    dispatch({ type: 'ERROR', payload: error });
  }
}
