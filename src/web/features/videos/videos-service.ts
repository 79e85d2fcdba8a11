import type { Video } from '../../../contract/entities';
import { api, type ApiResponse } from '../../lib/api-client';
import { remember } from '../../lib/video-lookup';
import type { Filters } from '../../state/videos-reducer';
import type { VideoPage } from '../../state/video-window';
import {
  channelPageQuery,
  homePageQuery,
  pageQuery,
  searchPageQuery,
  upNextInit,
} from './video-paths';

/** Fetches `limit` items of a listing after the first `offset`. */
export type PageFetcher = (
  offset: number,
  limit: number,
  signal: AbortSignal,
) => Promise<VideoPage>;

/** A listing's answer: its page, whose videos are remembered for the screens that hold only ids. */
async function pageOf(answer: Promise<ApiResponse<VideoPage>>): Promise<VideoPage> {
  const { data } = await answer;
  for (const video of data.videos) remember(video);
  return data;
}

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export function homePageFetcher(filters: Filters): PageFetcher {
  return (offset, limit, signal) =>
    pageOf(api.call('GET /api/videos', { query: homePageQuery(filters, offset, limit), signal }));
}

/** A channel's page: its videos in catalogue order. */
export function channelPageFetcher(channel: string): PageFetcher {
  return (offset, limit, signal) =>
    pageOf(
      api.call('GET /api/videos', { query: channelPageQuery(channel, offset, limit), signal }),
    );
}

/** Trending: the most viewed first. */
export const trendingPageFetcher: PageFetcher = (offset, limit, signal) =>
  pageOf(api.call('GET /api/videos/trending', { query: pageQuery(offset, limit), signal }));

/** The results page: title, channel and description, ranked by the server. */
export function searchPageFetcher(text: string): PageFetcher {
  return (offset, limit, signal) =>
    pageOf(
      api.call('GET /api/videos/search', { query: searchPageQuery(text, offset, limit), signal }),
    );
}

let categoryNames: Promise<string[]> | undefined;

/** The catalogue's category names (asked once; asked again after a failure). */
export function loadCategoryNames(): Promise<string[]> {
  categoryNames ??= api.call('GET /api/videos/category-names').then(
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
  const { data } = await api.call('GET /api/video/{videoId}/up-next', upNextInit(videoId, limit));
  for (const video of data.videos) remember(video);
  return data.videos;
}

/** Forgets the cached category names (tests). */
export function resetCategoryNames(): void {
  categoryNames = undefined;
}
