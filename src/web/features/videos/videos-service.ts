import type { Video } from '../../../contract/entities';
import type {
  CategoryNamesResponse,
  UpNextResponse,
  VideosResponse,
} from '../../../contract/responses';
import { api } from '../../lib/api-client';
import { remember } from '../../lib/video-lookup';
import type { Filters } from '../../state/videos-reducer';
import type { VideoPage } from '../../state/video-window';
import {
  CATEGORY_NAMES_PATH,
  channelPagePath,
  homePagePath,
  searchPagePath,
  trendingPagePath,
  upNextPath,
} from './video-paths';

/** Fetches `limit` items of a listing after the first `offset`. */
export type PageFetcher = (
  offset: number,
  limit: number,
  signal: AbortSignal,
) => Promise<VideoPage>;

async function getPage(path: string, signal: AbortSignal): Promise<VideoPage> {
  const { data } = await api.get<VideosResponse>(path, { signal });
  for (const video of data.videos) remember(video);
  return data;
}

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export function homePageFetcher(filters: Filters): PageFetcher {
  return (offset, limit, signal) => getPage(homePagePath(filters, offset, limit), signal);
}

/** A channel's page: its videos in catalogue order. */
export function channelPageFetcher(channel: string): PageFetcher {
  return (offset, limit, signal) => getPage(channelPagePath(channel, offset, limit), signal);
}

/** Trending: the most viewed first. */
export const trendingPageFetcher: PageFetcher = (offset, limit, signal) =>
  getPage(trendingPagePath(offset, limit), signal);

/** The results page: title, channel and description, ranked by the server. */
export function searchPageFetcher(query: string): PageFetcher {
  return (offset, limit, signal) => getPage(searchPagePath(query, offset, limit), signal);
}

let categoryNames: Promise<string[]> | undefined;

/** The catalogue's category names (asked once; asked again after a failure). */
export function loadCategoryNames(): Promise<string[]> {
  categoryNames ??= api.get<CategoryNamesResponse>(CATEGORY_NAMES_PATH).then(
    ({ data }) => data.categoryNames,
    (error: unknown) => {
      categoryNames = undefined;
      throw error;
    },
  );
  return categoryNames;
}

/** What to watch after a video: the same category first, then the most viewed. */
export async function loadUpNext(videoId: string, limit: number): Promise<Video[]> {
  const { data } = await api.get<UpNextResponse>(upNextPath(videoId, limit));
  for (const video of data.videos) remember(video);
  return data.videos;
}

/** Forgets the cached category names (tests). */
export function resetCategoryNames(): void {
  categoryNames = undefined;
}
