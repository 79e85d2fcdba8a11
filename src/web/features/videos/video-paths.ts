import { ALL_CATEGORIES, type Filters } from '../../state/videos-reducer';

/**
 * The catalogue's API paths, in one place: the screens ask for them (videos-service.ts), and the
 * boot script (src/web/boot) asks for the first screen's ones before the app has loaded, so the
 * two must name them the same, byte for byte.
 */

/** How many videos Up next lists. */
export const UP_NEXT_LENGTH = 12;

export const CATEGORY_NAMES_PATH = '/api/videos/category-names';

function pageQuery(offset: number, limit: number, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...extra, offset: String(offset), limit: String(limit) }).toString();
}

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export function homePagePath(filters: Filters, offset: number, limit: number): string {
  const extra: Record<string, string> = {};
  if (filters.category !== ALL_CATEGORIES) extra.category = filters.category;
  if (filters.search !== '') extra.search = filters.search;
  return `/api/videos?${pageQuery(offset, limit, extra)}`;
}

/** A channel's page: its videos (exact channel name), in catalogue order. */
export function channelPagePath(channel: string, offset: number, limit: number): string {
  return `/api/videos?${pageQuery(offset, limit, { channel })}`;
}

/** The app's own page of a channel. */
export function channelPageUrl(channel: string): string {
  return `/channel/${encodeURIComponent(channel)}`;
}

/** Trending: the most viewed first. */
export function trendingPagePath(offset: number, limit: number): string {
  return `/api/videos/trending?${pageQuery(offset, limit)}`;
}

/** The results page: title, channel and description, ranked by the server. */
export function searchPagePath(query: string, offset: number, limit: number): string {
  return `/api/videos/search?${pageQuery(offset, limit, { q: query })}`;
}

/** One video. */
export function videoPath(videoId: string): string {
  return `/api/video/${encodeURIComponent(videoId)}`;
}

/** What to watch after a video. */
export function upNextPath(videoId: string, limit: number): string {
  return `/api/video/${encodeURIComponent(videoId)}/up-next?limit=${limit}`;
}
