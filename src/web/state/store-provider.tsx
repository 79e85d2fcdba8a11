import { useMemo, useReducer, type ReactNode } from 'react';
import { authReducer } from './auth-reducer';
import { readStoredAuth } from './auth-storage';
import { initialPlaylistsState, playlistsReducer } from './playlists-reducer';
import { AuthContext, PlaylistsContext, VideosContext } from './store-context';
import {
  filtersFromParams,
  initialVideosState,
  libraryLoad,
  videosReducer,
  type VideosState,
} from './videos-reducer';

/**
 * The home filters start as the address names them, so a reload asks for the right page first.
 */
function startingVideosState(): VideosState {
  // A restored session's lists are on their way from the first render (data/library.tsx asks).
  const library = libraryLoad(readStoredAuth().isLoggedIn);
  if (typeof window === 'undefined' || window.location.pathname !== '/') {
    return { ...initialVideosState, library };
  }
  const filters = filtersFromParams(new URLSearchParams(window.location.search));
  return { ...initialVideosState, filters, library };
}

/** product §3's three client stores: videos, playlists and auth. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [auth, authDispatch] = useReducer(authReducer, undefined, readStoredAuth);
  const [videos, videosDispatch] = useReducer(videosReducer, undefined, startingVideosState);
  const [playlists, playlistsDispatch] = useReducer(playlistsReducer, initialPlaylistsState);

  const authValue = useMemo(() => ({ state: auth, dispatch: authDispatch }), [auth]);
  const videosValue = useMemo(() => ({ state: videos, dispatch: videosDispatch }), [videos]);
  const playlistsValue = useMemo(
    () => ({ state: playlists, dispatch: playlistsDispatch }),
    [playlists],
  );

  return (
    <AuthContext.Provider value={authValue}>
      <VideosContext.Provider value={videosValue}>
        <PlaylistsContext.Provider value={playlistsValue}>{children}</PlaylistsContext.Provider>
      </VideosContext.Provider>
    </AuthContext.Provider>
  );
}
