import type { Context } from 'hono';
import {
  CATALOGUE_READS_PER_CLIENT,
  CATALOGUE_WAITING_PER_CLIENT,
  DEFAULT_FULL_LIST_MAX,
  DEFAULT_UP_NEXT,
  DEFAULT_VIDEO_PAGE,
  HOME_SEARCH_SCAN,
  SEARCH_MAX_DEPTH,
} from '../../contract/limits';
import { CatalogueCache, type CatalogueAnswer } from '../catalogue/catalogue-cache';
import type { ApiDeps } from '../context';
import { ApiError } from '../http/errors';
import { routeHandlers } from '../http/mount-routes';
import type { PageRequest, VideoPage } from '../store/store';

const homeQueryKeys = ['category', 'channel', 'search', 'offset', 'limit'];

/**
 * At most `max` computations running per client address, and `waiting` more queued for a turn;
 * one more than that is refused (429, `Retry-After: 1`) before it reads anything. Only what is
 * computed counts: a kept answer costs nothing. Without an address (the page's own store) there
 * is no limit.
 */
function readsPerClient(addressOf: ApiDeps['clientAddress'], max: number, waiting: number) {
  const clients = new Map<string, { running: number; queue: (() => void)[] }>();
  return (c: Context, compute: () => Promise<CatalogueAnswer>) => async () => {
    if (!addressOf) return compute();
    const address = addressOf(c);
    let client = clients.get(address);
    if (!client) clients.set(address, (client = { running: 0, queue: [] }));
    if (client.running >= max) {
      if (client.queue.length >= waiting) {
        const error = ApiError.of('catalogueBusy');
        error.limit = 'catalogue-reads-per-address';
        error.headers['retry-after'] = '1';
        throw error;
      }
      // The read that ends hands its turn straight to this one (running stays counted).
      await new Promise<void>((turn) => client.queue.push(turn));
    } else {
      client.running += 1;
    }
    try {
      return await compute();
    } finally {
      const next = client.queue.shift();
      if (next) next();
      else if (--client.running === 0) clients.delete(address);
    }
  };
}

/**
 * The public catalogue: the home grid, trending, search, chips, Up next, one video, categories.
 * Every read is answered through the catalogue cache (ETag, 304, one computation per version);
 * its query is checked before (422), so only good ones are computed or kept.
 */
export function catalogueRoutes({
  store,
  fullListMax = DEFAULT_FULL_LIST_MAX,
  searchMaxDepth = SEARCH_MAX_DEPTH,
  homeSearchScan = HOME_SEARCH_SCAN,
  catalogueReadsPerClient = CATALOGUE_READS_PER_CLIENT,
  catalogueWaitingPerClient = CATALOGUE_WAITING_PER_CLIENT,
  clientAddress,
}: ApiDeps) {
  const kept = new CatalogueCache(store);
  const limited = readsPerClient(clientAddress, catalogueReadsPerClient, catalogueWaitingPerClient);
  /** A catalogue answer: kept per catalogue version, computed within the client's share. */
  const cache = {
    answer: (c: Context, compute: () => Promise<CatalogueAnswer>) =>
      kept.answer(c, limited(c, compute)),
  };
  /** A search's page, or none past searchMaxDepth (with the first page's count). */
  const searchPage = async (page: PageRequest, read: (page: PageRequest) => Promise<VideoPage>) => {
    if (page.offset < searchMaxDepth) return read(page);
    const { moments: _first, ...counts } = await read({ offset: 0, limit: 1 });
    return { ...counts, videos: [] };
  };
  return routeHandlers({
    'GET /api/videos': async ({ query }, c) =>
      cache.answer(c, async () => {
        if (homeQueryKeys.some((key) => key in c.req.query())) {
          const { category, channel, search, offset = 0, limit = DEFAULT_VIDEO_PAGE } = query;
          const read = (page: PageRequest) =>
            store.queryVideos({ category, channel, search, scan: homeSearchScan, ...page });
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
    'GET /api/videos/trending': async ({ query: { offset = 0, limit = DEFAULT_VIDEO_PAGE } }, c) =>
      cache.answer(c, async () => ({ body: await store.trendingVideos({ offset, limit }) })),
    'GET /api/videos/search': async ({ query: { q, offset = 0, limit = DEFAULT_VIDEO_PAGE } }, c) =>
      cache.answer(c, async () => ({
        body: await searchPage({ offset, limit }, (page) => store.searchVideos(q, page)),
      })),
    'GET /api/videos/category-names': async (_input, c) =>
      cache.answer(c, async () => ({ body: { categoryNames: await store.categoryNames() } })),
    'GET /api/video/{videoId}': async ({ params }, c) =>
      cache.answer(c, async () => {
        const video = await store.getVideo(params.videoId);
        if (!video) throw ApiError.of('videoNotFound');
        return { body: { video } };
      }),
    'GET /api/video/{videoId}/up-next': async ({ params, query }, c) =>
      cache.answer(c, async () => {
        const video = await store.getVideo(params.videoId);
        if (!video) throw ApiError.of('videoNotFound');
        return { body: { videos: await store.upNext(video, query.limit ?? DEFAULT_UP_NEXT) } };
      }),
    'GET /api/video/{videoId}/transcript': async ({ params: { videoId } }, c) =>
      cache.answer(c, async () => {
        const transcript = await store.getTranscript(videoId);
        if (transcript) return { body: { transcript } };
        throw ApiError.of((await store.getVideo(videoId)) ? 'transcriptNotFound' : 'videoNotFound');
      }),
    'GET /api/categories': async (_input, c) =>
      cache.answer(c, async () => ({ body: { categories: await store.listCategories() } })),
    'GET /api/categories/{categoryId}': async ({ params }, c) =>
      cache.answer(c, async () => {
        const category = await store.getCategory(params.categoryId);
        if (!category) throw ApiError.of('categoryNotFound');
        return { body: { category } };
      }),
  });
}
