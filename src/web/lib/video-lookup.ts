import type { Video } from '../../contract/entities';
import { api } from './api-client';

/**
 * Videos by id for screens that hold only ids ('Continue watching', note exports): the ones any
 * answer brought are reused, the others come from GET /api/video/:id. Bounded: the app never
 * holds the catalogue.
 */
const knownVideos = new Map<string, Video>();
const MAX_KNOWN_VIDEOS = 500;

/** Keeps a video an answer brought, forgetting the oldest beyond the bound. */
export function remember(video: Video): void {
  knownVideos.delete(video._id);
  knownVideos.set(video._id, video);
  if (knownVideos.size > MAX_KNOWN_VIDEOS) {
    const oldest = knownVideos.keys().next().value;
    if (oldest !== undefined) knownVideos.delete(oldest);
  }
}

/** One video by id. */
export async function lookUpVideo(videoId: string): Promise<Video> {
  const known = knownVideos.get(videoId);
  if (known) return known;
  const { data } = await api.call('GET /api/video/{videoId}', { params: { videoId } });
  remember(data.video);
  return data.video;
}

/** Several videos by id, in that order; ids that fail (a removed video) are left out. */
export async function lookUpVideos(videoIds: string[]): Promise<Video[]> {
  const settled = await Promise.allSettled(videoIds.map((id) => lookUpVideo(id)));
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

/** Forgets every video (tests). */
export function forgetVideos(): void {
  knownVideos.clear();
}
