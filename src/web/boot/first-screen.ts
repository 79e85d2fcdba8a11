import {
  CATEGORY_NAMES_PATH,
  UP_NEXT_LENGTH,
  homePagePath,
  searchPagePath,
  trendingPagePath,
  upNextPath,
  videoPath,
} from '../features/videos/video-paths';
import { filtersFromParams, resultsQuery, searchTooLong } from '../state/videos-reducer';
import { VIDEO_PAGE_SIZE } from '../state/video-window';
import { EARLY_PAGES } from './early-pages';

/** What the first screen at an address needs before it can show anything. */
export interface FirstScreen {
  /**
   * The API GETs the screen makes as soon as it renders, as the app names them. Catalogue reads
   * only: their answers do not depend on who asks.
   */
  requests: string[];
  /** The lazily loaded page module that draws the screen (a path from the project root). */
  page?: string;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The first screen of the home grid, trending, search results, the watch page and the courses
 * screens: the pages a visitor lands on. Other addresses need nothing ahead (an empty list: the app asks as usual).
 */
export function firstScreen(pathname: string, search: string): FirstScreen {
  const params = new URLSearchParams(search);
  if (pathname === '/') {
    const filters = filtersFromParams(params);
    // A search too long to ask for: home shows a message instead of the grid.
    if (searchTooLong(filters.search)) return { requests: [CATEGORY_NAMES_PATH] };
    const grid = homePagePath(filters, 0, VIDEO_PAGE_SIZE);
    return { requests: [CATEGORY_NAMES_PATH, grid] };
  }
  if (pathname === '/trending') {
    return { requests: [trendingPagePath(0, VIDEO_PAGE_SIZE)], page: EARLY_PAGES.trending };
  }
  if (pathname === '/results') {
    const query = resultsQuery(params);
    const asks = query !== '' && !searchTooLong(query);
    const requests = asks ? [searchPagePath(query, 0, VIDEO_PAGE_SIZE)] : [];
    return { requests, page: EARLY_PAGES.results };
  }
  const watch = /^\/watch\/([^/]+)$/.exec(pathname);
  const videoId = watch && decoded(watch[1]!);
  if (videoId) {
    return {
      requests: [videoPath(videoId), upNextPath(videoId, UP_NEXT_LENGTH)],
      page: EARLY_PAGES.watch,
    };
  }
  // The courses screens (issue 30): their code only; the server renders them with their data.
  if (pathname === '/courses') return { requests: [], page: EARLY_PAGES.courses };
  if (/^\/course\/[^/]+$/.test(pathname)) return { requests: [], page: EARLY_PAGES.course };
  return { requests: [] };
}
