import type { Video } from '../../contract/entities';
import { ApiError } from '../http/errors';
import type { Store } from '../store/store';

/** The catalogue's copy of a video, or a 404: lists only ever hold catalogue videos. */
export async function requireVideo(store: Store, videoId: string): Promise<Video> {
  const video = await store.getVideo(videoId);
  if (!video) throw ApiError.of('videoNotFound');
  return video;
}
