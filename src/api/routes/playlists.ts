import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { ApiError } from '../http/errors';
import { routeHandlers } from '../http/mount-routes';
import type { Store } from '../store/store';
import { requireVideo } from './require-video';

async function requirePlaylist(store: Store, userId: string, playlistId: string) {
  const playlist = await store.getPlaylist(userId, playlistId);
  if (!playlist) throw ApiError.of('playlistNotFound');
  return playlist;
}

/** The signed-in user's playlists; another user's playlist is indistinguishable from none (404). */
export function playlistRoutes({ store, clock }: ApiDeps) {
  const all = async (userId: string) => ({ playlists: await store.listPlaylists(userId) });
  const one = async (userId: string, playlistId: string) => ({
    playlist: await requirePlaylist(store, userId, playlistId),
  });
  return routeHandlers({
    'GET /api/user/playlists': async ({ user }) => all(user._id),
    'POST /api/user/playlists': async ({ user, body: { playlist } }) => {
      // Every answer carries every playlist: past MAX_PLAYLISTS the store refuses (422).
      await store.createPlaylist(user._id, playlist.title, formatTimestamp(clock()));
      return all(user._id);
    },
    'GET /api/user/playlists/{playlistId}': async ({ user, params }) =>
      one(user._id, params.playlistId),
    'DELETE /api/user/playlists/{playlistId}': async ({ user, params }) => {
      await store.deletePlaylist(user._id, params.playlistId);
      return all(user._id);
    },
    'POST /api/user/playlists/{playlistId}': async ({ user, params, body: { video, before } }) => {
      await requireVideo(store, video._id);
      const at = formatTimestamp(clock());
      await store.addVideoToPlaylist(user._id, params.playlistId, video._id, at, before);
      return one(user._id, params.playlistId);
    },
    'POST /api/user/playlists/{playlistId}/order': async ({ user, params, body: { videos } }) => {
      const result = await store.reorderPlaylist(user._id, params.playlistId, videos);
      if (result === 'stale') throw ApiError.of('playlistOrderStale');
      return one(user._id, params.playlistId);
    },
    'DELETE /api/user/playlists/{playlistId}/{videoId}': async ({ user, params }) => {
      await store.removeVideoFromPlaylist(user._id, params.playlistId, params.videoId);
      return one(user._id, params.playlistId);
    },
  });
}
