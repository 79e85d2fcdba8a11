import type { Video } from '../../../contract/entities';
import type { VideosResponse } from '../../../contract/responses';
import { api } from '../../lib/api-client';

/** The whole catalogue. */
export async function fetchVideos(): Promise<Video[]> {
  const { data } = await api.get<VideosResponse>('/api/videos');
  return data.videos;
}
