import type { Playlist } from '../../contract/entities';

/** product §3: playlists state. */
export interface PlaylistsState {
  playlists: Playlist[];
  loading: boolean;
  error: unknown;
}

export type PlaylistsAction =
  | { type: 'LOADING' }
  | { type: 'ERROR'; payload: unknown }
  | { type: 'GET_ALL_PLAYLISTS'; payload: Playlist[] }
  | { type: 'CREATE_PLAYLIST'; payload: Playlist[] }
  | { type: 'DELETE_PLAYLIST'; payload: Playlist[] }
  | { type: 'ADD_VIDEO_TO_PLAYLIST'; payload: Playlist }
  | { type: 'DELETE_VIDEO_FROM_PLAYLIST'; payload: Playlist }
  | { type: 'REORDER_PLAYLIST'; payload: Playlist }
  | { type: 'CLEAR_USER_DATA' };

export const initialPlaylistsState: PlaylistsState = { playlists: [], loading: false, error: null };

const replacePlaylist = (playlists: Playlist[], changed: Playlist) =>
  playlists.map((playlist) => (playlist._id === changed._id ? changed : playlist));

/** product §4's playlist transitions; the server's answer replaces the local copy. */
export function playlistsReducer(state: PlaylistsState, action: PlaylistsAction): PlaylistsState {
  switch (action.type) {
    case 'LOADING':
      return { ...state, loading: true, error: null };
    case 'ERROR':
      return { ...state, loading: false, error: action.payload };
    case 'GET_ALL_PLAYLISTS':
    case 'CREATE_PLAYLIST':
    case 'DELETE_PLAYLIST':
      return { playlists: action.payload, loading: false, error: null };
    case 'ADD_VIDEO_TO_PLAYLIST':
    case 'DELETE_VIDEO_FROM_PLAYLIST':
    case 'REORDER_PLAYLIST':
      return { ...state, playlists: replacePlaylist(state.playlists, action.payload) };
    case 'CLEAR_USER_DATA':
      return initialPlaylistsState;
  }
}
