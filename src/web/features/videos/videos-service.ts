import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteQuery } from '../../../contract/routes';
import { publicRead, keepVideos, read } from '../../data/reads';
import type { RouteInit } from '../../lib/route-url';
import type { Filters } from '../../state/videos-reducer';
import { VIDEO_PAGE_SIZE, type VideoPage } from '../../state/video-window';
import {
  channelPageQuery,
  homePageQuery,
  pageQuery,
  searchPageQuery,
  UP_NEXT_LENGTH,
  upNextInit,
} from './video-paths';

/**
 * The catalogue's reads, as query options over the one query cache (src/web/data): keyed by the
 * route and its query, as the boot script names them too (video-paths.ts).
 */

/** Fetches `limit` items of a listing after the first `offset`. */
export interface PageFetcher {
  (offset: number, limit: number, signal: AbortSignal): Promise<VideoPage>;
  /** The cache's key for the listing's first page (a server render's data is found under it). */
  firstPageKey?: QueryKey;
}

type PageRoute = 'GET /api/videos' | 'GET /api/videos/trending' | 'GET /api/videos/search';

/**
 * A listing's pages through the cache: each page a read of its own (asked afresh each time; the
 * same page asked twice at once is one request), its videos kept as one-video reads for the
 * screens that hold only ids. A page no longer wanted (`signal`) is cancelled.
 */
function pageFetcher<K extends PageRoute>(
  client: QueryClient,
  route: K,
  query: (offset: number, limit: number) => RouteQuery<K>,
): PageFetcher {
  const initOf = (offset: number, limit: number) =>
    ({ query: query(offset, limit) }) as unknown as RouteInit<K>;
  const fetchPage: PageFetcher = (offset, limit, signal) => {
    const init = initOf(offset, limit);
    const { queryKey } = publicRead(route, init);
    signal.addEventListener('abort', () => void client.cancelQueries({ queryKey, exact: true }), {
      once: true,
    });
    return client.fetchQuery({
      queryKey,
      queryFn: async ({ signal: cancelled }) => {
        const page: VideoPage = await read(route, init, cancelled);
        keepVideos(client, page.videos);
        return page;
      },
      staleTime: 0,
    });
  };
  fetchPage.firstPageKey = publicRead(route, initOf(0, VIDEO_PAGE_SIZE)).queryKey;
  return fetchPage;
}

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export const homePageFetcher = (client: QueryClient, filters: Filters) =>
  pageFetcher(client, 'GET /api/videos', (offset, limit) => homePageQuery(filters, offset, limit));

/** A channel's page: its videos in catalogue order. */
export const channelPageFetcher = (client: QueryClient, channel: string) =>
  pageFetcher(client, 'GET /api/videos', (offset, limit) =>
    channelPageQuery(channel, offset, limit),
  );

/** Trending: the most viewed first. */
export const trendingPageFetcher = (client: QueryClient) =>
  pageFetcher(client, 'GET /api/videos/trending', pageQuery);

/** The results page: title, channel and description, ranked by the server. */
export const searchPageFetcher = (client: QueryClient, text: string) =>
  pageFetcher(client, 'GET /api/videos/search', (offset, limit) =>
    searchPageQuery(text, offset, limit),
  );

/** The catalogue's category names: asked once per visit (asked again after a failure). */
export const categoryNamesRead = () => ({
  ...publicRead('GET /api/videos/category-names', {}),
  staleTime: Infinity,
  select: (answer: { categoryNames: string[] }) => answer.categoryNames,
});

/** What to watch after a video: the same category first, then the most viewed. */
export function upNextRead(videoId: string) {
  const init = upNextInit(videoId, UP_NEXT_LENGTH);
  return queryOptions({
    queryKey: publicRead('GET /api/video/{videoId}/up-next', init).queryKey,
    queryFn: async ({ client, signal }) => {
      const answer = await read('GET /api/video/{videoId}/up-next', init, signal);
      keepVideos(client, answer.videos);
      return answer.videos;
    },
  });
}
