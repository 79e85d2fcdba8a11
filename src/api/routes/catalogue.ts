import { Hono } from 'hono';
import {
  DEFAULT_FULL_LIST_MAX,
  DEFAULT_UP_NEXT,
  DEFAULT_VIDEO_PAGE,
  SEARCH_MAX_DEPTH,
} from '../../contract/limits';
import { routeSpec } from '../../contract/routes';
import { CatalogueCache } from '../catalogue/catalogue-cache';
import type { ApiDeps } from '../context';
import { ApiError } from '../http/errors';
import { parseOrReject } from '../http/read-body';
import type { PageRequest, VideoPage } from '../store/store';

const homeQueryKeys = ['category', 'channel', 'search', 'offset', 'limit'];

/**
 * The public catalogue: the home grid, trending, search, chips, Up next, one video, categories.
 * Every read is answered through the catalogue cache (ETag, 304, one computation per version).
 */
export function catalogueRoutes({
  store,
  fullListMax = DEFAULT_FULL_LIST_MAX,
  searchMaxDepth = SEARCH_MAX_DEPTH,
}: ApiDeps) {
  const cache = new CatalogueCache(store);
  /** A search's page, or none past searchMaxDepth (with the first page's count). */
  const searchPage = async (page: PageRequest, read: (page: PageRequest) => Promise<VideoPage>) => {
    if (page.offset < searchMaxDepth) return read(page);
    return { ...(await read({ offset: 0, limit: 1 })), videos: [] };
  };
  const videoQuery = routeSpec('GET /api/videos').query;
  const pageQuery = routeSpec('GET /api/videos/trending').query;
  const searchQuery = routeSpec('GET /api/videos/search').query;
  const upNextQuery = routeSpec('GET /api/video/{videoId}/up-next').query;
  return new Hono()
    .get('/videos', (c) =>
      cache.answer(c, async () => {
        const query = c.req.query();
        if (homeQueryKeys.some((key) => key in query)) {
          const {
            category,
            channel,
            search,
            offset = 0,
            limit = DEFAULT_VIDEO_PAGE,
          } = parseOrReject(videoQuery, query);
          const read = (page: PageRequest) =>
            store.queryVideos({ category, channel, search, ...page });
          return {
            body: await (search ? searchPage({ offset, limit }, read) : read({ offset, limit })),
          };
        }
        // Bare: every video while the catalogue is small; else the first page and where to go on.
        const total = await store.countVideos();
        if (total <= fullListMax) {
          const { videos } = await store.queryVideos({ offset: 0, limit: Math.max(total, 1) });
          return { body: { videos } };
        }
        const page = await store.queryVideos({ offset: 0, limit: DEFAULT_VIDEO_PAGE });
        const next = `/api/videos?offset=${DEFAULT_VIDEO_PAGE}&limit=${DEFAULT_VIDEO_PAGE}`;
        return { body: page, headers: { link: `<${next}>; rel="next"` } };
      }),
    )
    .get('/videos/trending', (c) =>
      cache.answer(c, async () => {
        const { offset = 0, limit = DEFAULT_VIDEO_PAGE } = parseOrReject(pageQuery, c.req.query());
        return { body: await store.trendingVideos({ offset, limit }) };
      }),
    )
    .get('/videos/search', (c) =>
      cache.answer(c, async () => {
        const {
          q,
          offset = 0,
          limit = DEFAULT_VIDEO_PAGE,
        } = parseOrReject(searchQuery, c.req.query());
        return { body: await searchPage({ offset, limit }, (page) => store.searchVideos(q, page)) };
      }),
    )
    .get('/videos/category-names', (c) =>
      cache.answer(c, async () => ({ body: { categoryNames: await store.categoryNames() } })),
    )
    .get('/video/:videoId', (c) =>
      cache.answer(c, async () => {
        const video = await store.getVideo(c.req.param('videoId'));
        if (!video) throw ApiError.of('videoNotFound');
        return { body: { video } };
      }),
    )
    .get('/video/:videoId/up-next', (c) =>
      cache.answer(c, async () => {
        const { limit = DEFAULT_UP_NEXT } = parseOrReject(upNextQuery, c.req.query());
        const video = await store.getVideo(c.req.param('videoId'));
        if (!video) throw ApiError.of('videoNotFound');
        return { body: { videos: await store.upNext(video, limit) } };
      }),
    )
    .get('/categories', (c) =>
      cache.answer(c, async () => ({ body: { categories: await store.listCategories() } })),
    )
    .get('/categories/:categoryId', (c) =>
      cache.answer(c, async () => {
        const category = await store.getCategory(c.req.param('categoryId'));
        if (!category) throw ApiError.of('categoryNotFound');
        return { body: { category } };
      }),
    );
}
