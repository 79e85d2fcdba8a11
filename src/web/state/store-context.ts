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

/**
 * True while the stored session is not read yet: a page the server rendered (signed out, as it
 * cannot know) and its first render in the browser, which must draw the same. Screens that need
 * a login show their loading state meanwhile, never "You're logged out." to a signed-in user.
 */
export const SessionPendingContext = createContext(false);
