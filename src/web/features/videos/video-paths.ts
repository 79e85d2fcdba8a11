import type { RouteQuery } from '../../../contract/routes';
import { routeUrl, type RouteInit } from '../../lib/route-url';
import { ALL_CATEGORIES, type Filters } from '../../state/videos-reducer';

/**
 * The catalogue's API requests, in one place: the screens ask for them (videos-service.ts, with
 * `api.call`), and the boot script (src/web/boot) asks for the first screen's ones before the app
 * has loaded, by the URLs below. Both build the URL with `routeUrl`, from the same query, so the
 * two name them the same, byte for byte.
 */

/** How many videos Up next lists. */
export const UP_NEXT_LENGTH = 12;

export const CATEGORY_NAMES_PATH = routeUrl('GET /api/videos/category-names', {});

/** A page of a listing, as its query says it (trending takes nothing more). */
export const pageQuery = (offset: number, limit: number) => ({
  offset: String(offset),
  limit: String(limit),
});

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export function homePageQuery(
  filters: Filters,
  offset: number,
  limit: number,
): RouteQuery<'GET /api/videos'> {
  return {
    ...(filters.category !== ALL_CATEGORIES ? { category: filters.category } : {}),
    ...(filters.search !== '' ? { search: filters.search } : {}),
    ...pageQuery(offset, limit),
  };
}

export function homePagePath(filters: Filters, offset: number, limit: number): string {
  return routeUrl('GET /api/videos', { query: homePageQuery(filters, offset, limit) });
}

/** A channel's page: its videos (exact channel name), in catalogue order. */
export function channelPageQuery(
  channel: string,
  offset: number,
  limit: number,
): RouteQuery<'GET /api/videos'> {
  return { channel, ...pageQuery(offset, limit) };
}

/** The app's own page of a channel. */
export function channelPageUrl(channel: string): string {
  return `/channel/${encodeURIComponent(channel)}`;
}

/** Trending: the most viewed first. */
export function trendingPagePath(offset: number, limit: number): string {
  return routeUrl('GET /api/videos/trending', { query: pageQuery(offset, limit) });
}

/** The results page: title, channel and description, ranked by the server. */
export function searchPageQuery(
  query: string,
  offset: number,
  limit: number,
): RouteQuery<'GET /api/videos/search'> {
  return { q: query, ...pageQuery(offset, limit) };
}

export function searchPagePath(query: string, offset: number, limit: number): string {
  return routeUrl('GET /api/videos/search', { query: searchPageQuery(query, offset, limit) });
}

/** One video. */
export function videoPath(videoId: string): string {
  return routeUrl('GET /api/video/{videoId}', { params: { videoId } });
}

/** What to watch after a video: the call's params and query. */
export function upNextInit(
  videoId: string,
  limit: number,
): RouteInit<'GET /api/video/{videoId}/up-next'> {
  return { params: { videoId }, query: { limit: String(limit) } };
}

export function upNextPath(videoId: string, limit: number): string {
  return routeUrl('GET /api/video/{videoId}/up-next', upNextInit(videoId, limit));
}
