import { useMemo, useReducer, type ReactNode } from 'react';
import { authReducer } from './auth-reducer';
import { readStoredAuth } from './auth-storage';
import { initialPlaylistsState, playlistsReducer } from './playlists-reducer';
import { AuthContext, PlaylistsContext, VideosContext } from './store-context';
import { initialVideosState, videosReducer } from './videos-reducer';

/** SPEC §3's three client stores: videos, playlists and auth. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [auth, authDispatch] = useReducer(authReducer, undefined, readStoredAuth);
  const [videos, videosDispatch] = useReducer(videosReducer, initialVideosState);
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
