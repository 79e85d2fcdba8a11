import { matchScreen, type FirstRead } from '../lib/screens';
import {
  CATEGORY_NAMES_PATH,
  UP_NEXT_LENGTH,
  homePagePath,
  searchPagePath,
  trendingPagePath,
  upNextPath,
  videoPath,
} from '../features/videos/video-paths';
import { VIDEO_PAGE_SIZE } from '../state/video-window';

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

/**
 * A first read as the app sends it; undefined for the reads the boot script leaves to the app
 * (a channel's videos, the courses screens': the server renders those pages with their data).
 */
function earlyPath(read: FirstRead): string | undefined {
  switch (read.read) {
    case 'category-names':
      return CATEGORY_NAMES_PATH;
    case 'home-grid':
      return homePagePath(read.filters, 0, VIDEO_PAGE_SIZE);
    case 'trending':
      return trendingPagePath(0, VIDEO_PAGE_SIZE);
    case 'search':
      return searchPagePath(read.query, 0, VIDEO_PAGE_SIZE);
    case 'video':
      return videoPath(read.videoId);
    case 'up-next':
      return upNextPath(read.videoId, UP_NEXT_LENGTH);
    default:
      return undefined;
  }
}

/**
 * The first screen at an address, from its declaration (lib/screens.ts): its first reads the
 * boot script may send, and its page module when the screen asks for its code ahead. An address
 * no screen has, or whose parameters do not decode, needs nothing ahead (the app asks as usual).
 */
export function firstScreen(pathname: string, search: string): FirstScreen {
  const match = matchScreen(pathname);
  if (!match || match.malformed) return { requests: [] };
  const { screen, params } = match;
  const reads = screen.reads?.({ params, search: new URLSearchParams(search) }) ?? [];
  const requests = reads.map(earlyPath).filter((path) => path !== undefined);
  return screen.codeAhead && screen.page ? { requests, page: screen.page } : { requests };
}
