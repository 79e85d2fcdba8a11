import type { Video } from '../../contract/entities';
import { api } from '../lib/api-client';
import { ADDED, DELETED, accept } from '../lib/notify';
import { useListData } from './library';
import { useListWrite } from './list-write';

const NONE: Video[] = [];

/** product §3's likedVideos: the signed-in user's likes, oldest first (none signed out). */
export function useLikedVideos(): Video[] {
  return useListData('likes')?.likes ?? NONE;
}

export interface LikeChange {
  video: Video;
  /** Liked now: the change takes it off. */
  liked: boolean;
}

/**
 * A like or an unlike, as a mutation of the cached likes: shown at once, rolled back when the
 * server refuses it (a 409, already liked elsewhere, reads the likes again first).
 */
export function useLikeWrite() {
  return useListWrite('likes', {
    write: async ({ video, liked }: LikeChange) =>
      liked
        ? accept(
            await api.call('DELETE /api/user/likes/{videoId}', { params: { videoId: video._id } }),
            DELETED,
          )
        : accept(await api.call('POST /api/user/likes', { body: { video } }), ADDED),
    optimistic: ({ likes }, { video, liked }) => ({
      likes: liked ? likes.filter((item) => item._id !== video._id) : [...likes, video],
    }),
  });
}
