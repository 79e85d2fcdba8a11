import type { HistoryItem, Note, Progress, Video } from '../../contract/entities';
import { MAX_QUERY_TEXT } from '../../contract/limits';
import {
  emptyVideoWindow,
  videoWindowReducer,
  type VideoWindowAction,
  type VideoWindowState,
} from './video-window';

export const ALL_CATEGORIES = 'All';

/** The signed-in user's lists, as data/library.tsx loads them (product §4). */
export const LIBRARY_LISTS = [
  'likes',
  'history',
  'watchLater',
  'playlists',
  'notes',
  'progress',
] as const;
export type LibraryList = (typeof LIBRARY_LISTS)[number];

/** One list's load: on its way or not, and the failure of its last load (null when it loaded). */
export interface ListLoad {
  loading: boolean;
  error: unknown;
}

/**
 * Loading the signed-in user's lists (data/library.tsx), each on its own: one that fails leaves the
 * others on screen. The list screens show this, not `error`: product §3's `error` is the last
 * failure of anything, a like or a progress save included, and one failed action must not replace
 * the lists on screen with an error.
 */
export type LibraryLoad = Record<LibraryList, ListLoad>;

/** Every list's load, all on their way (a restored session, at start) or none. */
export function libraryLoad(loading: boolean): LibraryLoad {
  const entries = LIBRARY_LISTS.map((list) => [list, { loading, error: null }] as const);
  return Object.fromEntries(entries) as LibraryLoad;
}

/** The lists whose last load failed. */
export function failedLists(library: LibraryLoad): LibraryList[] {
  return LIBRARY_LISTS.filter((list) => library[list].error !== null);
}

export interface Filters {
  category: string;
  search: string;
}

/**
 * product §3: the videos state, with the signed-in user's lists. `videos` is the home grid's window
 * of the catalogue for the current filters (the server filters and pages; see video-window.ts).
 */
export interface VideosState extends VideoWindowState {
  /** Oldest first, as the server keeps it; each entry says when it was watched. */
  history: HistoryItem[];
  notes: Note[];
  likedVideos: Video[];
  watchLater: Video[];
  /** Where the user stopped in each video, most recent first (resume, 'Continue watching'). */
  progress: Progress[];
  filters: Filters;
  library: LibraryLoad;
}

export type VideosAction =
  | VideoWindowAction
  | { type: 'SET_CATEGORY'; payload: string }
  | { type: 'SET_SEARCH'; payload: string }
  /** Both filters at once, as an address names them (reload, back, a shared link). */
  | { type: 'SET_FILTERS'; payload: Filters }
  | { type: 'GET_LIKED_VIDEOS'; payload: Video[] }
  | { type: 'LIKE_VIDEO'; payload: Video[] }
  | { type: 'DISLIKE_VIDEO'; payload: Video[] }
  | { type: 'GET_HISTORY'; payload: HistoryItem[] }
  | { type: 'ADD_VIDEO_TO_HISTORY'; payload: HistoryItem }
  | { type: 'DELETE_VIDEO_FROM_HISTORY'; payload: string }
  | { type: 'CLEAR_HISTORY' }
  | { type: 'GET_WATCH_LATER'; payload: Video[] }
  | { type: 'ADD_VIDEO_TO_WATCH_LATER'; payload: Video[] }
  | { type: 'DELETE_VIDEO_FROM_WATCH_LATER'; payload: Video[] }
  | { type: 'GET_NOTES'; payload: Note[] }
  | { type: 'ADD_NOTE'; payload: Note[] }
  | { type: 'EDIT_NOTE'; payload: Note[] }
  | { type: 'DELETE_NOTE'; payload: Note[] }
  | { type: 'GET_PROGRESS'; payload: Progress[] }
  | { type: 'LIBRARY_LOADING'; payload: readonly LibraryList[] }
  | { type: 'LIBRARY_LIST_LOADED'; payload: LibraryList }
  | { type: 'LIBRARY_LIST_FAILED'; payload: { list: LibraryList; error: unknown } }
  | { type: 'CLEAR_USER_DATA' };

export const initialVideosState: VideosState = {
  ...emptyVideoWindow,
  history: [],
  notes: [],
  likedVideos: [],
  watchLater: [],
  progress: [],
  filters: { category: ALL_CATEGORIES, search: '' },
  library: libraryLoad(false),
};

/**
 * product §4's transitions. Lists the server answers with replace the local copy; history is the
 * exception, since opening a video already in it only moves it to the end, locally.
 */
export function videosReducer(state: VideosState, action: VideosAction): VideosState {
  switch (action.type) {
    case 'LOADING':
    case 'ERROR':
    case 'GET_VIDEOS':
    case 'GET_MORE_VIDEOS':
    case 'GET_EARLIER_VIDEOS':
    case 'MORE_LOADING':
    case 'MORE_ERROR':
    case 'RESTORE_VIDEOS':
      return videoWindowReducer(state, action);
    case 'SET_CATEGORY':
      return { ...state, filters: { category: action.payload, search: '' } };
    case 'SET_SEARCH':
      return { ...state, filters: { category: ALL_CATEGORIES, search: action.payload } };
    case 'SET_FILTERS':
      return { ...state, filters: action.payload };
    case 'GET_LIKED_VIDEOS':
    case 'LIKE_VIDEO':
    case 'DISLIKE_VIDEO':
      return { ...state, likedVideos: action.payload };
    case 'GET_HISTORY':
      return { ...state, history: action.payload };
    case 'ADD_VIDEO_TO_HISTORY':
      return {
        ...state,
        history: [
          ...state.history.filter((video) => video._id !== action.payload._id),
          action.payload,
        ],
      };
    // A video that leaves the history leaves Continue watching too: the server forgot both.
    case 'DELETE_VIDEO_FROM_HISTORY':
      return {
        ...state,
        history: state.history.filter((video) => video._id !== action.payload),
        progress: state.progress.filter((item) => item.videoId !== action.payload),
      };
    case 'CLEAR_HISTORY':
      return { ...state, history: [], progress: [] };
    case 'GET_WATCH_LATER':
    case 'ADD_VIDEO_TO_WATCH_LATER':
    case 'DELETE_VIDEO_FROM_WATCH_LATER':
      return { ...state, watchLater: action.payload };
    case 'GET_NOTES':
    case 'ADD_NOTE':
    case 'EDIT_NOTE':
    case 'DELETE_NOTE':
      return { ...state, notes: action.payload };
    case 'GET_PROGRESS':
      return { ...state, progress: action.payload };
    case 'LIBRARY_LOADING': {
      const library = { ...state.library };
      for (const list of action.payload) library[list] = { loading: true, error: null };
      return { ...state, library };
    }
    case 'LIBRARY_LIST_LOADED':
      return {
        ...state,
        library: { ...state.library, [action.payload]: { loading: false, error: null } },
      };
    case 'LIBRARY_LIST_FAILED': {
      const { list, error } = action.payload;
      return { ...state, library: { ...state.library, [list]: { loading: false, error } } };
    }
    case 'CLEAR_USER_DATA':
      return {
        ...state,
        history: [],
        notes: [],
        likedVideos: [],
        watchLater: [],
        progress: [],
        library: initialVideosState.library,
      };
  }
}

/** product §2: the chips are All plus the catalogue's category names. */
export function categoryChips(categoryNames: string[]): string[] {
  return [ALL_CATEGORIES, ...categoryNames.filter((name) => name !== ALL_CATEGORIES)];
}

/** The home filters an address holds: `?category=CSS&search=Learn`; no category means All. */
export function filtersFromParams(params: URLSearchParams): Filters {
  return {
    category: params.get('category') || ALL_CATEGORIES,
    search: params.get('search') ?? '',
  };
}

/** The home address for some filters; the defaults are left out, so plain home is `/`. */
export function homePath(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.category !== ALL_CATEGORIES) params.set('category', filters.category);
  if (filters.search !== '') params.set('search', filters.search);
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** The search results page for a query. */
export function resultsPath(query: string): string {
  return `/results?${new URLSearchParams({ q: query }).toString()}`;
}

/** The query a results page's address holds (`/results?q=…`), without the spaces around it. */
export function resultsQuery(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim();
}

/**
 * Search text longer than the API takes (a shared or pasted address: the search boxes stop at
 * the limit): the screens say so instead of asking, which would fail with 422.
 */
export function searchTooLong(text: string): boolean {
  return text.length > MAX_QUERY_TEXT;
}

export function sameFilters(a: Filters, b: Filters): boolean {
  return a.category === b.category && a.search === b.search;
}
