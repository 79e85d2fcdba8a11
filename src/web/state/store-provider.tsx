import { startTransition, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { authReducer, loggedOut } from './auth-reducer';
import { readStoredAuth } from './auth-storage';
import { initialPlaylistsState, playlistsReducer } from './playlists-reducer';
import {
  AuthContext,
  PlaylistsContext,
  SessionPendingContext,
  VideosContext,
} from './store-context';
import {
  filtersFromParams,
  initialVideosState,
  LIBRARY_LISTS,
  libraryLoad,
  videosReducer,
  type VideosState,
} from './videos-reducer';

/**
 * The home filters start as the address names them, so a reload asks for the right page first.
 */
function startingVideosState({ at, signedIn }: { at: URL; signedIn: boolean }): VideosState {
  // A restored session's lists are on their way from the first render (data/library.tsx asks).
  const library = libraryLoad(signedIn);
  if (at.pathname !== '/') return { ...initialVideosState, library };
  const filters = filtersFromParams(at.searchParams);
  return { ...initialVideosState, filters, library };
}

interface StoreProviderProps {
  /** The address the app starts at; default: the browser's. */
  at?: URL;
  /**
   * The page is the server's HTML, rendered signed out: the first render is too, and the stored
   * session comes in after it (a transition: the hydrated HTML stays until it is drawn).
   */
  hydrating?: boolean;
  children: ReactNode;
}

/** product §3's three client stores: videos, playlists and auth. */
export function StoreProvider({ at, hydrating = false, children }: StoreProviderProps) {
  const [auth, authDispatch] = useReducer(authReducer, hydrating, (rendered) =>
    rendered ? loggedOut : readStoredAuth(),
  );
  const [videos, videosDispatch] = useReducer(videosReducer, undefined, () =>
    startingVideosState({ at: at ?? new URL(window.location.href), signedIn: auth.isLoggedIn }),
  );
  const [sessionPending, setSessionPending] = useState(hydrating);
  useEffect(() => {
    if (!hydrating) return;
    const stored = readStoredAuth();
    startTransition(() => {
      if (stored.isLoggedIn) {
        authDispatch({ type: 'RESTORE', payload: stored });
        videosDispatch({ type: 'LIBRARY_LOADING', payload: LIBRARY_LISTS });
      }
      setSessionPending(false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first render
  }, []);
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
        <PlaylistsContext.Provider value={playlistsValue}>
          <SessionPendingContext.Provider value={sessionPending}>
            {children}
          </SessionPendingContext.Provider>
        </PlaylistsContext.Provider>
      </VideosContext.Provider>
    </AuthContext.Provider>
  );
}
