import { Hono } from 'hono';
import type { ApiErrorName } from '../../contract/errors';
import { videoBodySchema } from '../../contract/requests';
import type { ApiDeps, ApiEnv } from '../context';
import { formatTimestamp } from '../clock';
import { ApiError } from '../http/errors';
import { readBody } from '../http/read-body';
import type { VideoListName } from '../store/store';
import { requireVideo } from './require-video';

/** product §8's 409 per list (watch later shares the liked-videos message). */
const duplicateError: Record<VideoListName, ApiErrorName> = {
  likes: 'alreadyLiked',
  history: 'alreadyInHistory',
  watchlater: 'alreadyLiked',
};

/** GET, POST and DELETE for one of likes, history and watch later; the body key is the list name. */
export function videoListRoutes({ store, clock }: ApiDeps, list: VideoListName) {
  const app = new Hono<ApiEnv>();
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
      const { video } = await readBody(c, videoBodySchema);
      const userId = c.var.user._id;
      await requireVideo(store, video._id);
      const result = await store.addVideoTo(userId, list, video._id, formatTimestamp(clock()));
      if (result === 'duplicate') throw ApiError.of(duplicateError[list]);
      return c.json(await respond(userId), 201);
    })
    .delete('/:videoId', async (c) => {
      const userId = c.var.user._id;
      await store.removeVideoFrom(userId, list, c.req.param('videoId'));
      return c.json(await respond(userId));
    });
}
