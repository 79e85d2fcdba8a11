import { Hono } from 'hono';
import type { ApiDeps } from '../context';
import { ApiError } from '../http/errors';

/** The public catalogue: videos and categories. */
export function catalogueRoutes({ store }: ApiDeps) {
  return new Hono()
    .get('/videos', async (c) => c.json({ videos: await store.listVideos() }))
    .get('/video/:videoId', async (c) => {
      const video = await store.getVideo(c.req.param('videoId'));
      if (!video) throw ApiError.of('videoNotFound');
      return c.json({ video });
    })
    .get('/categories', async (c) => c.json({ categories: await store.listCategories() }))
    .get('/categories/:categoryId', async (c) => {
      const category = await store.getCategory(c.req.param('categoryId'));
      if (!category) throw ApiError.of('categoryNotFound');
      return c.json({ category });
    });
}
