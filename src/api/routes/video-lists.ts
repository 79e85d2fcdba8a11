import { Hono } from 'hono';
import { routeSpec } from '../../contract/routes';
import type { ApiDeps, ApiEnv } from '../context';
import { formatTimestamp } from '../clock';
import { readBody } from '../http/read-body';
import type { VideoListName } from '../store/store';
import { requireVideo } from './require-video';

/** GET, POST and DELETE for one of likes, history and watch later; the body key is the list name. */
export function videoListRoutes({ store, clock }: ApiDeps, list: VideoListName) {
  const app = new Hono<ApiEnv>();
  const videoBody = routeSpec(`POST /api/user/${list}`).body;
  // History entries carry when they were added (watchedAt); the other lists are bare videos.
  const respond = async (userId: string) => ({
    [list]:
      list === 'history' ? await store.listHistory(userId) : await store.listVideosIn(userId, list),
  });

  if (list === 'history') {
    app.delete('/all', async (c) => {
      await store.clearList(c.var.user._id, list);
      return c.json({ history: [] });
    });
  }

  return app
    .get('/', async (c) => c.json(await respond(c.var.user._id)))
    .post('/', async (c) => {
      const { video } = await readBody(c, videoBody);
      const userId = c.var.user._id;
      await requireVideo(store, video._id);
      // A video already in the list: the store refuses it and the error handler answers the 409.
      await store.addVideoTo(userId, list, video._id, formatTimestamp(clock()));
      return c.json(await respond(userId), 201);
    })
    .delete('/:videoId', async (c) => {
      const userId = c.var.user._id;
      await store.removeVideoFrom(userId, list, c.req.param('videoId'));
      return c.json(await respond(userId));
    });
}
