import type { Note, Progress, Video } from '../../contract/entities';

export const ALL_CATEGORIES = 'All';

export interface Filters {
  category: string;
  search: string;
}

/** SPEC §3: the videos state, with the signed-in user's lists. */
export interface VideosState {
  videos: Video[];
  history: Video[];
  notes: Note[];
  likedVideos: Video[];
  watchLater: Video[];
  /** Where the user stopped in each video, most recent first (resume, 'Continue watching'). */
  progress: Progress[];
  filters: Filters;
  loading: boolean;
  error: unknown;
}

export type VideosAction =
  | { type: 'LOADING' }
  | { type: 'ERROR'; payload: unknown }
  | { type: 'GET_VIDEOS'; payload: Video[] }
  | { type: 'SET_CATEGORY'; payload: string }
  | { type: 'SET_SEARCH'; payload: string }
  | { type: 'GET_LIKED_VIDEOS'; payload: Video[] }
  | { type: 'LIKE_VIDEO'; payload: Video[] }
  | { type: 'DISLIKE_VIDEO'; payload: Video[] }
  | { type: 'GET_HISTORY'; payload: Video[] }
  | { type: 'ADD_VIDEO_TO_HISTORY'; payload: Video }
  | { type: 'DELETE_VIDEO_FROM_HISTORY'; payload: string }
  | { type: 'CLEAR_HISTORY' }
  | { type: 'GET_WATCH_LATER'; payload: Video[] }
  | { type: 'ADD_VIDEO_TO_WATCH_LATER'; payload: Video[] }
  | { type: 'DELETE_VIDEO_FROM_WATCH_LATER'; payload: Video[] }
  | { type: 'GET_NOTES'; payload: Note[] }
  | { type: 'ADD_NOTE'; payload: Note[] }
  | { type: 'DELETE_NOTE'; payload: Note[] }
  | { type: 'GET_PROGRESS'; payload: Progress[] }
  | { type: 'CLEAR_USER_DATA' };

export const initialVideosState: VideosState = {
  videos: [],
  history: [],
  notes: [],
  likedVideos: [],
  watchLater: [],
  progress: [],
  filters: { category: ALL_CATEGORIES, search: '' },
  loading: false,
  error: null,
};

/**
 * SPEC §4's transitions. Lists the server answers with replace the local copy; history is the
 * exception, since opening a video already in it only moves it to the end, locally.
 */
export function videosReducer(state: VideosState, action: VideosAction): VideosState {
  switch (action.type) {
    case 'LOADING':
      return { ...state, loading: true, error: null };
    case 'ERROR':
      return { ...state, loading: false, error: action.payload };
    case 'GET_VIDEOS':
      return { ...state, videos: action.payload, loading: false, error: null };
    case 'SET_CATEGORY':
      return { ...state, filters: { category: action.payload, search: '' } };
    case 'SET_SEARCH':
      return { ...state, filters: { category: ALL_CATEGORIES, search: action.payload } };
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
    case 'DELETE_VIDEO_FROM_HISTORY':
      return { ...state, history: state.history.filter((video) => video._id !== action.payload) };
    case 'CLEAR_HISTORY':
      return { ...state, history: [] };
    case 'GET_WATCH_LATER':
    case 'ADD_VIDEO_TO_WATCH_LATER':
    case 'DELETE_VIDEO_FROM_WATCH_LATER':
      return { ...state, watchLater: action.payload };
    case 'GET_NOTES':
    case 'ADD_NOTE':
    case 'DELETE_NOTE':
      return { ...state, notes: action.payload };
    case 'GET_PROGRESS':
      return { ...state, progress: action.payload };
    case 'CLEAR_USER_DATA':
      return { ...state, history: [], notes: [], likedVideos: [], watchLater: [], progress: [] };
  }
}

/** SPEC §5: the category filter is exact; search is a case-sensitive substring of the title. */
export function filterVideos(videos: Video[], filters: Filters): Video[] {
  return videos.filter(
    (video) =>
      (filters.category === ALL_CATEGORIES || video.categoryName === filters.category) &&
      video.title.includes(filters.search),
  );
}

/** SPEC §2: the chips are All plus the distinct category names, in catalogue order. */
export function categoryChips(videos: Video[]): string[] {
  return [ALL_CATEGORIES, ...new Set(videos.map((video) => video.categoryName))];
}
