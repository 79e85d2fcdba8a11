import { Hono } from 'hono';
import type { ApiDeps } from '../context';
import { videoQuerySchema } from '../../contract/requests';
import { ApiError } from '../http/errors';
import { parseOrReject } from '../http/read-body';

/** A page of the catalogue when the client asks for one without saying how big. */
export const DEFAULT_VIDEO_PAGE = 24;
const queryKeys = ['category', 'search', 'offset', 'limit'];

/** The public catalogue: videos and categories. */
export function catalogueRoutes({ store }: ApiDeps) {
  return new Hono()
    .get('/videos', async (c) => {
      const query = c.req.query();
      // Bare, the route keeps SPEC §7's shape: the whole catalogue.
      if (!queryKeys.some((key) => key in query)) {
        return c.json({ videos: await store.listVideos() });
      }
      const {
        category,
        search,
        offset = 0,
        limit = DEFAULT_VIDEO_PAGE,
      } = parseOrReject(videoQuerySchema, query);
      return c.json(await store.queryVideos({ category, search, offset, limit }));
    })
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
