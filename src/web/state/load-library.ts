import { api, ApiRequestError, firstError } from '../lib/api-client';
import { clearStoredAuth, storedToken } from './auth-storage';
import { useDispatchers, useVideos, type Dispatchers } from './use-store';
import { failedLists, LIBRARY_LISTS, type LibraryList } from './videos-reducer';

/** How each list is asked for and put in its store. */
const loaders: Record<LibraryList, (dispatchers: Dispatchers) => Promise<void>> = {
  likes: async ({ videos }) => {
    const { data } = await api.call('GET /api/user/likes');
    videos({ type: 'GET_LIKED_VIDEOS', payload: data.likes });
  },
  history: async ({ videos }) => {
    const { data } = await api.call('GET /api/user/history');
    videos({ type: 'GET_HISTORY', payload: data.history });
  },
  watchLater: async ({ videos }) => {
    const { data } = await api.call('GET /api/user/watchlater');
    videos({ type: 'GET_WATCH_LATER', payload: data.watchlater });
  },
  playlists: async ({ playlists }) => {
    const { data } = await api.call('GET /api/user/playlists');
    playlists({ type: 'GET_ALL_PLAYLISTS', payload: data.playlists });
  },
  notes: async ({ videos }) => {
    const { data } = await api.call('GET /api/user/notes');
    videos({ type: 'GET_NOTES', payload: data.notes });
  },
  progress: async ({ videos }) => {
    const { data } = await api.call('GET /api/user/progress');
    videos({ type: 'GET_PROGRESS', payload: data.progress });
  },
};

/**
 * The dispatchers for lists asked for now: an answer that arrives once the session has changed
 * (a logout, or another tab's login as someone else) is dropped, so no screen shows one user's
 * lists in another's session or a visitor's.
 */
function forThisSession(dispatchers: Dispatchers): {
  dispatchers: Dispatchers;
  current: () => boolean;
} {
  const token = storedToken();
  const current = () => storedToken() === token;
  return {
    current,
    dispatchers: {
      ...dispatchers,
      videos: (action) => {
        if (current()) dispatchers.videos(action);
      },
      playlists: (action) => {
        if (current()) dispatchers.playlists(action);
      },
    },
  };
}

/** A token the server no longer accepts (or a user it no longer has) ends the session. */
const endsSession = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 404);

/**
 * product §4: after login (and on start with a stored session) the liked, history and watch-later
 * lists, the playlists, the notes and the watch progress are loaded; `lists` loads only those
 * again (the ones that failed, on 'Try again' or when the connection is back). Each list shows as
 * soon as it is in; one that fails keeps its failure (`library` in the videos store) and leaves
 * the others alone. A token the server no longer accepts ends the session.
 */
export async function loadLibrary(
  all: Dispatchers,
  lists: readonly LibraryList[] = LIBRARY_LISTS,
): Promise<void> {
  if (lists.length === 0) return;
  const session = forThisSession(all);
  const dispatchers = session.dispatchers;
  if (lists.includes('playlists')) dispatchers.playlists({ type: 'LOADING' });
  dispatchers.videos({ type: 'LIBRARY_LOADING', payload: lists });
  const failures: unknown[] = [];
  await Promise.all(
    lists.map((list) =>
      loaders[list](dispatchers).then(
        () => dispatchers.videos({ type: 'LIBRARY_LIST_LOADED', payload: list }),
        (error: unknown) => {
          failures.push(error);
          if (list === 'playlists') dispatchers.playlists({ type: 'ERROR', payload: error });
          dispatchers.videos({ type: 'LIBRARY_LIST_FAILED', payload: { list, error } });
        },
      ),
    ),
  );
  if (failures.length === 0) return;
  dispatchers.videos({ type: 'ERROR', payload: failures[0] });
  const ending = failures.find(endsSession);
  if (ending && session.current()) {
    clearStoredAuth();
    dispatchers.auth({ type: 'AUTH_ERROR', payload: firstError(ending.data) ?? ending.message });
    dispatchers.videos({ type: 'CLEAR_USER_DATA' });
    dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
  }
}

/**
 * Loads every list again without showing that it loads (they changed elsewhere: another tab, or
 * another device while this tab was hidden). A list that fails is left as it was.
 */
export async function refreshLibrary(all: Dispatchers): Promise<void> {
  const { dispatchers } = forThisSession(all);
  await Promise.all(
    LIBRARY_LISTS.map((list) =>
      loaders[list](dispatchers).then(
        () => dispatchers.videos({ type: 'LIBRARY_LIST_LOADED', payload: list }),
        () => undefined,
      ),
    ),
  );
}

/** Loads again every list whose last load failed ('Try again' where a list's failure shows). */
export function useLibraryRetry(): () => void {
  const dispatchers = useDispatchers();
  const { library } = useVideos().state;
  return () => void loadLibrary(dispatchers, failedLists(library));
}
