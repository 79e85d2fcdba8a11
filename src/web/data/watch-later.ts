import type { Video } from '../../contract/entities';
import { api } from '../lib/api-client';
import { ADDED, DELETED, accept } from '../lib/notify';
import { useListData } from './library';
import { useListWrite } from './list-write';

const NONE: Video[] = [];

/** product §3's watchLater: the videos the signed-in user saved for later (none signed out). */
export function useWatchLater(): Video[] {
  return useListData('watchLater')?.watchlater ?? NONE;
}

export interface WatchLaterChange {
  video: Video;
  /** Saved now: the change takes it off. */
  saved: boolean;
}

/**
 * A save for later or its removal, as a mutation of the cached list: shown at once, rolled back
 * when the server refuses it (a 409, already saved elsewhere, reads the list again first).
 */
export function useWatchLaterWrite() {
  return useListWrite('watchLater', {
    write: async ({ video, saved }: WatchLaterChange) =>
      saved
        ? accept(
            await api.call('DELETE /api/user/watchlater/{videoId}', {
              params: { videoId: video._id },
            }),
            DELETED,
          )
        : accept(await api.call('POST /api/user/watchlater', { body: { video } }), ADDED),
    optimistic: ({ watchlater }, { video, saved }) => ({
      watchlater: saved
        ? watchlater.filter((item) => item._id !== video._id)
        : [...watchlater, video],
    }),
  });
}
