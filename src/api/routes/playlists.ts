import { Hono } from 'hono';
import { routeSpec } from '../../contract/routes';
import { formatTimestamp } from '../clock';
import type { ApiDeps, ApiEnv } from '../context';
import { ApiError } from '../http/errors';
import { readBody } from '../http/read-body';
import type { Store } from '../store/store';
import { requireVideo } from './require-video';

async function requirePlaylist(store: Store, userId: string, playlistId: string) {
  const playlist = await store.getPlaylist(userId, playlistId);
  if (!playlist) throw ApiError.of('playlistNotFound');
  return playlist;
}

/** The signed-in user's playlists; another user's playlist is indistinguishable from none (404). */
export function playlistRoutes({ store, clock }: ApiDeps) {
  const playlistBody = routeSpec('POST /api/user/playlists').body;
  const videoBody = routeSpec('POST /api/user/playlists/{playlistId}').body;
  const orderBody = routeSpec('POST /api/user/playlists/{playlistId}/order').body;
  return new Hono<ApiEnv>()
    .get('/', async (c) => c.json({ playlists: await store.listPlaylists(c.var.user._id) }))
    .post('/', async (c) => {
      const { playlist } = await readBody(c, playlistBody);
      const userId = c.var.user._id;
      // Every answer carries every playlist: past MAX_PLAYLISTS the store refuses (422).
      await store.createPlaylist(userId, playlist.title, formatTimestamp(clock()));
      return c.json({ playlists: await store.listPlaylists(userId) }, 201);
    })
    .get('/:playlistId', async (c) => {
      const playlist = await requirePlaylist(store, c.var.user._id, c.req.param('playlistId'));
      return c.json({ playlist });
    })
    .delete('/:playlistId', async (c) => {
      const userId = c.var.user._id;
      await store.deletePlaylist(userId, c.req.param('playlistId'));
      return c.json({ playlists: await store.listPlaylists(userId) });
    })
    .post('/:playlistId', async (c) => {
      const { video, before } = await readBody(c, videoBody);
      const userId = c.var.user._id;
      const playlistId = c.req.param('playlistId');
      await requireVideo(store, video._id);
      const at = formatTimestamp(clock());
      await store.addVideoToPlaylist(userId, playlistId, video._id, at, before);
      return c.json({ playlist: await requirePlaylist(store, userId, playlistId) }, 201);
    })
    .post('/:playlistId/order', async (c) => {
      const { videos } = await readBody(c, orderBody);
      const userId = c.var.user._id;
      const playlistId = c.req.param('playlistId');
      const result = await store.reorderPlaylist(userId, playlistId, videos);
      if (result === 'stale') throw ApiError.of('playlistOrderStale');
      return c.json({ playlist: await requirePlaylist(store, userId, playlistId) });
    })
    .delete('/:playlistId/:videoId', async (c) => {
      const userId = c.var.user._id;
      const playlistId = c.req.param('playlistId');
      await store.removeVideoFromPlaylist(userId, playlistId, c.req.param('videoId'));
      return c.json({ playlist: await requirePlaylist(store, userId, playlistId) });
    });
}
