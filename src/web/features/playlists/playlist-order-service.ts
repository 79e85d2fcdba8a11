import { toast } from '../../lib/toast';
import type { Playlist, Video } from '../../../contract/entities';
import { api, ApiRequestError, firstError, readAgain } from '../../lib/api-client';
import { accept, toastFailure } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';

type Dispatch = Dispatchers['playlists'];

/** `videos` with the one at `from` moved to `to` (both kept inside the list). */
export function moveVideo(videos: readonly Video[], from: number, to: number): Video[] {
  const moved = [...videos];
  const target = Math.max(0, Math.min(videos.length - 1, to));
  const [video] = moved.splice(from, 1);
  if (video) moved.splice(target, 0, video);
  return moved;
}

/** Orders on their way per playlist: they go one after another, in the order they were made. */
const queues = new Map<string, { last: Promise<unknown>; pending: number }>();

/**
 * Puts a playlist in a new order (decision 0026): shown at once, then sent. Moves made quickly go
 * one after another, each with the whole order; the screen takes the server's answer only from the
 * last one. Refused (the playlist changed elsewhere: 409, or deleted: 404) or failed, the
 * playlists are read again, so the screen shows the order the server keeps, and a toast says why.
 * Resolves to whether this order was saved.
 */
export function reorderPlaylist(
  playlist: Playlist,
  videos: Video[],
  dispatch: Dispatch,
): Promise<boolean> {
  dispatch({ type: 'REORDER_PLAYLIST', payload: { ...playlist, videos } });
  const queue = queues.get(playlist._id) ?? { last: Promise.resolve(), pending: 0 };
  queues.set(playlist._id, queue);
  queue.pending += 1;
  const send = async (): Promise<boolean> => {
    try {
      const { playlist: saved } = accept(
        await api.call('POST /api/user/playlists/{playlistId}/order', {
          params: { playlistId: playlist._id },
          body: { videos: videos.map((video) => video._id) },
        }),
        [200],
      );
      if (queue.pending === 1) dispatch({ type: 'REORDER_PLAYLIST', payload: saved });
      return true;
    } catch (error) {
      await readAgain('GET /api/user/playlists').catch(() => undefined);
      const behind = error instanceof ApiRequestError && [404, 409].includes(error.status);
      const message = behind ? firstError(error.data) : undefined;
      if (message) toast.error(message, { id: 'playlist-order' });
      else toastFailure(error);
      dispatch({ type: 'ERROR', payload: error });
      return false;
    } finally {
      queue.pending -= 1;
      if (queue.pending === 0) queues.delete(playlist._id);
    }
  };
  const result = queue.last.then(send);
  queue.last = result;
  return result;
}
