import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { RouteQuery } from '../../../contract/routes';
import { publicRead, keepVideos, read } from '../../data/reads';
import type { RouteInit } from '../../lib/route-url';
import type { Filters } from '../../state/videos-reducer';
import { MAX_KEPT_VIDEOS, VIDEO_PAGE_SIZE, type VideoPage } from '../../state/video-window';
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

type PageRoute = 'GET /api/videos' | 'GET /api/videos/trending' | 'GET /api/videos/search';

/** The page after one that ended at `end`, if the listing goes on (past a capped total: while pages come full). */
function nextOffset(page: VideoPage, end: number): number | undefined {
  const total = page.total ?? end;
  return end < total || (page.totalCapped === true && page.videos.length >= VIDEO_PAGE_SIZE)
    ? end
    : undefined;
}

/**
 * A catalogue listing as one infinite query: its pages (VIDEO_PAGE_SIZE videos, by offset) in a
 * window of at most MAX_KEPT_VIDEOS, paged both ways (the far end is dropped, and asked again when
 * the reader scrolls back to it). Keyed by the route, the listing's query and the history entry
 * (`location.key`) showing it: Back or Forward to that entry finds the pages it was left with,
 * asking for nothing (never stale), while a new visit starts from the first page. The videos are
 * kept as one-video reads too.
 */
function listRead<K extends PageRoute>(
  route: K,
  query: (offset: number, limit: number) => RouteQuery<K>,
  entry: string,
) {
  const {
    offset: _offset,
    limit: _limit,
    ...listing
  } = query(0, VIDEO_PAGE_SIZE) as Record<string, string>;
  return infiniteQueryOptions({
    queryKey: [route as PageRoute, { query: listing }, { entry }] as const,
    queryFn: async ({ client, pageParam, signal }): Promise<VideoPage> => {
      const init = { query: query(pageParam, VIDEO_PAGE_SIZE) } as unknown as RouteInit<K>;
      const page: VideoPage = await read(route, init, signal);
      keepVideos(client, page.videos);
      return page;
    },
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => nextOffset(last, offset + last.videos.length),
    getPreviousPageParam: (_first, _pages, offset) =>
      offset > 0 ? Math.max(0, offset - VIDEO_PAGE_SIZE) : undefined,
    maxPages: MAX_KEPT_VIDEOS / VIDEO_PAGE_SIZE,
    staleTime: Infinity,
  });
}

/** A catalogue listing's infinite query on a history entry (listRead). */
export type CatalogueListRead = ReturnType<typeof listRead>;

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export const homeListRead = (filters: Filters, entry: string) =>
  listRead('GET /api/videos', (offset, limit) => homePageQuery(filters, offset, limit), entry);

/** A channel's page: its videos in catalogue order. */
export const channelListRead = (channel: string, entry: string) =>
  listRead('GET /api/videos', (offset, limit) => channelPageQuery(channel, offset, limit), entry);

/** Trending: the most viewed first. */
export const trendingListRead = (entry: string) =>
  listRead('GET /api/videos/trending', pageQuery, entry);

/** The results page: title, channel and description, ranked by the server. */
export const searchListRead = (text: string, entry: string) =>
  listRead(
    'GET /api/videos/search',
    (offset, limit) => searchPageQuery(text, offset, limit),
    entry,
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
