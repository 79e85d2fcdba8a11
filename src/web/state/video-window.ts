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

/** Which neighbour of the window a page is: after it, or before it. */
export type PageDirection = 'later' | 'earlier';

/**
 * Where the paging of a listing stands (use-video-pages.ts): which listing's first page is in,
 * and the neighbour page on its way or the reason it failed. A listing is named by its key (its
 * query); answers are for the listing that asked.
 */
export interface ListingPaging {
  /** The listing whose first page has been answered (or has failed); null while one loads. */
  listing: string | null;
  /** That first page's failure: the listing's own (`error` may be another feature's). */
  error: unknown;
  pending: PageDirection | null;
  moreError: { direction: PageDirection; error: unknown } | null;
}

const idlePaging: ListingPaging = { listing: null, error: null, pending: null, moreError: null };

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
  paging: ListingPaging;
}

export type VideoWindowAction =
  /** The first page of `listing` is asked for (again). */
  | { type: 'LOADING'; listing?: string }
  /** A failure; of `listing`'s first page when named. */
  | { type: 'ERROR'; payload: unknown; listing?: string }
  /** The first page of a new listing (a new query): replaces what was there. */
  | { type: 'GET_VIDEOS'; payload: VideoPage; listing?: string }
  /** The page after or before the window is asked for. */
  | { type: 'MORE_LOADING'; direction: PageDirection }
  | { type: 'MORE_ERROR'; direction: PageDirection; payload: unknown }
  /**
   * The page after the window, asked for at `at` (the window's end then). A page whose `at` is no
   * longer the end (a second request for the same page) is ignored, so no video shows twice.
   */
  | { type: 'GET_MORE_VIDEOS'; payload: VideoPage; at: number }
  /** The page before the window, asked for when the window started at `at`. */
  | { type: 'GET_EARLIER_VIDEOS'; payload: VideoPage; at: number }
  /** A window of `listing` kept from before (Back or Forward to a list screen): shown as it was. */
  | { type: 'RESTORE_VIDEOS'; payload: KeptVideoWindow; listing: string };

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
  paging: idlePaging,
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

/** An answer the window has no place for: it is dropped, and the wait for it ends. */
const withoutPending = <S extends VideoWindowState>(state: S): S =>
  state.paging.pending === null ? state : { ...state, paging: { ...state.paging, pending: null } };

/**
 * Paging with a bounded window. Loading keeps the videos on screen until the answer replaces them,
 * so typing a search never blanks the grid between keys.
 */
export function videoWindowReducer<S extends VideoWindowState>(
  state: S,
  action: VideoWindowAction,
): S {
  switch (action.type) {
    case 'LOADING': {
      const paging = action.listing === undefined ? state.paging : idlePaging;
      return { ...state, loading: true, error: null, paging };
    }
    case 'ERROR': {
      const paging =
        action.listing === undefined
          ? state.paging
          : { ...idlePaging, listing: action.listing, error: action.payload };
      return { ...state, loading: false, error: action.payload, paging };
    }
    case 'MORE_LOADING':
      return { ...state, paging: { ...state.paging, pending: action.direction, moreError: null } };
    case 'MORE_ERROR': {
      const moreError = { direction: action.direction, error: action.payload };
      return { ...state, paging: { ...state.paging, pending: null, moreError } };
    }
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
        paging: { ...idlePaging, listing: action.listing ?? state.paging.listing },
      };
    }
    case 'GET_MORE_VIDEOS': {
      const paging = { ...state.paging, pending: null };
      if (action.at !== state.start + state.videos.length) return withoutPending(state);
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
        paging,
      };
    }
    case 'GET_EARLIER_VIDEOS': {
      const paging = { ...state.paging, pending: null };
      if (action.at !== state.start) return withoutPending(state);
      const { videos } = action.payload;
      const earlier = videos.slice(Math.max(0, videos.length - state.start));
      const joined = [...earlier, ...state.videos];
      return {
        ...state,
        ...counts(action.payload, state.total),
        videos: joined.slice(0, MAX_KEPT_VIDEOS),
        start: state.start - earlier.length,
        more: state.more || joined.length > MAX_KEPT_VIDEOS,
        paging,
      };
    }
    case 'RESTORE_VIDEOS': {
      const paging = { ...idlePaging, listing: action.listing };
      return { ...state, ...action.payload, loading: false, error: null, paging };
    }
  }
}
