import type { VideosResponse } from '../../../contract/responses';
import { api } from '../../lib/api-client';
import type { Dispatchers } from '../../state/use-store';

/** Loads the catalogue into the videos store. */
export async function loadVideos(dispatch: Dispatchers['videos']): Promise<void> {
  dispatch({ type: 'LOADING' });
  try {
    const { data } = await api.get<VideosResponse>('/api/videos');
    dispatch({ type: 'GET_VIDEOS', payload: data.videos });
  } catch (error) {
    dispatch({ type: 'ERROR', payload: error });
  }
}
