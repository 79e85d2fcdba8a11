import { Hono } from 'hono';
import { routeSpec } from '../../contract/routes';
import { formatTimestamp } from '../clock';
import type { ApiDeps, ApiEnv } from '../context';
import { readBody } from '../http/read-body';
import { requireVideo } from './require-video';

/** The signed-in user's position per video: resume where they stopped, 'Continue watching'. */
export function progressRoutes({ store, clock }: ApiDeps) {
  const respond = async (userId: string) => ({ progress: await store.listProgress(userId) });
  const progressBody = routeSpec('POST /api/user/progress/{videoId}').body;
  return new Hono<ApiEnv>()
    .get('/', async (c) => c.json(await respond(c.var.user._id)))
    .post('/:videoId', async (c) => {
      const { seconds, duration } = await readBody(c, progressBody);
      const userId = c.var.user._id;
      const video = await requireVideo(store, c.req.param('videoId'));
      await store.saveProgress(userId, video._id, seconds, formatTimestamp(clock()), duration);
      return c.json(await respond(userId));
    })
    .delete('/:videoId', async (c) => {
      const userId = c.var.user._id;
      await store.deleteProgress(userId, c.req.param('videoId'));
      return c.json(await respond(userId));
    });
}
