import { useContext, type Context } from 'react';
import { AuthContext, PlaylistsContext, VideosContext } from './store-context';

function useStore<Value>(context: Context<Value | null>, name: string): Value {
  const value = useContext(context);
  if (!value) throw new Error(`${name} is used outside <StoreProvider>`);
  return value;
}

/** The auth store: token, user, logged-in flag and error. */
export const useAuth = () => useStore(AuthContext, 'useAuth');
/** The videos store: catalogue, filters and the user's lists and notes. */
export const useVideos = () => useStore(VideosContext, 'useVideos');
/** The playlists store. */
export const usePlaylists = () => useStore(PlaylistsContext, 'usePlaylists');

/** All three dispatchers, for services that touch more than one store. */
export function useDispatchers() {
  return {
    auth: useAuth().dispatch,
    videos: useVideos().dispatch,
    playlists: usePlaylists().dispatch,
  };
}
export type Dispatchers = ReturnType<typeof useDispatchers>;
