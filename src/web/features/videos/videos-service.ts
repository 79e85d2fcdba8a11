import type { Video } from '../../../contract/entities';
import { api } from '../../lib/api-client';
import { remember } from '../../lib/video-lookup';
import type { Filters } from '../../state/videos-reducer';
import type { VideoPage } from '../../state/video-window';
import { channelPageQuery, homePageQuery, pageQuery, searchPageQuery } from './video-paths';

/** Fetches `limit` items of a listing after the first `offset`. */
export type PageFetcher = (
  offset: number,
  limit: number,
  signal: AbortSignal,
) => Promise<VideoPage>;

/** A page of a listing: its videos are remembered for the screens that hold only ids. */
function remembered(page: VideoPage): VideoPage {
  for (const video of page.videos) remember(video);
  return page;
}

/** The home grid: the server filters by exact category and case-sensitive title substring. */
export function homePageFetcher(filters: Filters): PageFetcher {
  return async (offset, limit, signal) => {
    const query = homePageQuery(filters, offset, limit);
    return remembered((await api.call('GET /api/videos', { query, signal })).data);
  };
}

/** A channel's page: its videos in catalogue order. */
export function channelPageFetcher(channel: string): PageFetcher {
  return async (offset, limit, signal) => {
    const query = channelPageQuery(channel, offset, limit);
    return remembered((await api.call('GET /api/videos', { query, signal })).data);
  };
}

/** Trending: the most viewed first. */
export const trendingPageFetcher: PageFetcher = async (offset, limit, signal) => {
  const query = pageQuery(offset, limit);
  return remembered((await api.call('GET /api/videos/trending', { query, signal })).data);
};

/** The results page: title, channel and description, ranked by the server. */
export function searchPageFetcher(text: string): PageFetcher {
  return async (offset, limit, signal) => {
    const query = searchPageQuery(text, offset, limit);
    return remembered((await api.call('GET /api/videos/search', { query, signal })).data);
  };
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
  const { data } = await api.call('GET /api/video/{videoId}/up-next', {
    params: { videoId },
    query: { limit: String(limit) },
  });
  for (const video of data.videos) remember(video);
  return data.videos;
}

/** Forgets the cached category names (tests). */
export function resetCategoryNames(): void {
  categoryNames = undefined;
}
