import type { Video } from '../../contract/entities';

/** How many videos one request asks for. */
export const VIDEO_PAGE_SIZE = 24;
/**
 * The most videos a paged list keeps (and renders) at once. Scrolling further drops the ones at
 * the far end, and scrolling back fetches them again, so memory and DOM stay bounded however long
 * the user scrolls.
 */
export const MAX_KEPT_VIDEOS = 10 * VIDEO_PAGE_SIZE;

/** One page as the API answers it: the videos and how many match in all. */
export interface VideoPage {
  videos: Video[];
  total?: number;
  totalCapped?: boolean;
}

/** A stretch of a long listing: `videos` are the listing's items from `start` on. */
export interface VideoWindowState {
  videos: Video[];
  /** Position of `videos[0]` in the whole listing. */
  start: number;
  /** How many items the listing holds (at most the server's count limit when `totalCapped`). */
  total: number;
  totalCapped: boolean;
  /** Whether the listing goes on after the window. */
  more: boolean;
  loading: boolean;
  error: unknown;
}

export type VideoWindowAction =
  | { type: 'LOADING' }
  | { type: 'ERROR'; payload: unknown }
  /** The first page of a new listing (a new query): replaces what was there. */
  | { type: 'GET_VIDEOS'; payload: VideoPage }
  /**
   * The page after the window, asked for at `at` (the window's end then). A page whose `at` is no
   * longer the end (a second request for the same page) is ignored, so no video shows twice.
   */
  | { type: 'GET_MORE_VIDEOS'; payload: VideoPage; at: number }
  /** The page before the window, asked for when the window started at `at`. */
  | { type: 'GET_EARLIER_VIDEOS'; payload: VideoPage; at: number }
  /** A window kept from before (Back or Forward to a list screen): shown as it was. */
  | { type: 'RESTORE_VIDEOS'; payload: KeptVideoWindow };

/** What a window is without its loading: the part kept when its screen goes. */
export type KeptVideoWindow = Pick<
  VideoWindowState,
  'videos' | 'start' | 'total' | 'totalCapped' | 'more'
>;

export const emptyVideoWindow: VideoWindowState = {
  videos: [],
  start: 0,
  total: 0,
  totalCapped: false,
  more: false,
  loading: false,
  error: null,
};

function counts(page: VideoPage, fallback: number) {
  return { total: page.total ?? fallback, totalCapped: page.totalCapped ?? false };
}

/**
 * Whether anything follows `end`: below the total; and past a capped total, for as long as the
 * pages come back full.
 */
function goesOn(page: VideoPage, end: number, total: number, capped: boolean): boolean {
  return end < total || (capped && page.videos.length >= VIDEO_PAGE_SIZE);
}

/**
 * Paging with a bounded window. Loading keeps the videos on screen until the answer replaces them,
 * so typing a search never blanks the grid between keys.
 */
export function videoWindowReducer<S extends VideoWindowState>(
  state: S,
  action: VideoWindowAction,
): S {
  switch (action.type) {
    case 'LOADING':
      return { ...state, loading: true, error: null };
    case 'ERROR':
      return { ...state, loading: false, error: action.payload };
    case 'GET_VIDEOS': {
      const videos = action.payload.videos.slice(0, MAX_KEPT_VIDEOS);
      const { total, totalCapped } = counts(action.payload, videos.length);
      return {
        ...state,
        videos,
        start: 0,
        total,
        totalCapped,
        more: goesOn(action.payload, videos.length, total, totalCapped),
        loading: false,
        error: null,
      };
    }
    case 'GET_MORE_VIDEOS': {
      if (action.at !== state.start + state.videos.length) return state;
      const joined = [...state.videos, ...action.payload.videos];
      const dropped = Math.max(0, joined.length - MAX_KEPT_VIDEOS);
      const end = state.start + joined.length;
      const { total, totalCapped } = counts(action.payload, end);
      return {
        ...state,
        videos: joined.slice(dropped),
        start: state.start + dropped,
        total,
        totalCapped,
        more: goesOn(action.payload, end, total, totalCapped),
      };
    }
    case 'GET_EARLIER_VIDEOS': {
      if (action.at !== state.start) return state;
      const { videos } = action.payload;
      const earlier = videos.slice(Math.max(0, videos.length - state.start));
      const joined = [...earlier, ...state.videos];
      return {
        ...state,
        ...counts(action.payload, state.total),
        videos: joined.slice(0, MAX_KEPT_VIDEOS),
        start: state.start - earlier.length,
        more: state.more || joined.length > MAX_KEPT_VIDEOS,
      };
    }
    case 'RESTORE_VIDEOS':
      return { ...state, ...action.payload, loading: false, error: null };
  }
}
