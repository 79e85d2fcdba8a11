import { createContext, type Dispatch } from 'react';
import type { AuthAction, AuthState } from './auth-reducer';
import type { PlaylistsAction, PlaylistsState } from './playlists-reducer';
import type { VideosAction, VideosState } from './videos-reducer';

export interface StoreValue<State, Action> {
  state: State;
  dispatch: Dispatch<Action>;
}

export const AuthContext = createContext<StoreValue<AuthState, AuthAction> | null>(null);
export const VideosContext = createContext<StoreValue<VideosState, VideosAction> | null>(null);
export const PlaylistsContext = createContext<StoreValue<PlaylistsState, PlaylistsAction> | null>(
  null,
);
