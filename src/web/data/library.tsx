import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse } from '../../contract/routes';
import { ApiRequestError, firstError } from '../lib/api-client';
import { clearStoredAuth } from '../state/auth-storage';
import { useAuth, useDispatchers, useVideos, type Dispatchers } from '../state/use-store';
import { failedLists, LIBRARY_LISTS, type LibraryList } from '../state/videos-reducer';
import { isUserKey, sessionOf, userRead, type ReadRoute } from './reads';

/** Each of the signed-in user's lists (product §4), by its route. */
const LIST_ROUTES = {
  likes: 'GET /api/user/likes',
  history: 'GET /api/user/history',
  watchLater: 'GET /api/user/watchlater',
  playlists: 'GET /api/user/playlists',
  notes: 'GET /api/user/notes',
  progress: 'GET /api/user/progress',
} as const satisfies Record<LibraryList, ReadRoute>;

/** A list's read for one session: loaded again when the tab is shown after FRESH_FOR_MS. */
export function libraryRead(list: LibraryList, session: string) {
  return { ...userRead(LIST_ROUTES[list], session), refetchOnWindowFocus: true };
}

type ListAnswer<L extends LibraryList> = RouteResponse<(typeof LIST_ROUTES)[L]>;

/** How a list's answer goes into its store (the stores hold what the screens change at once). */
const putters: { [L in LibraryList]: (answer: ListAnswer<L>, to: Dispatchers) => void } = {
  likes: ({ likes }, { videos }) => videos({ type: 'GET_LIKED_VIDEOS', payload: likes }),
  history: ({ history }, { videos }) => videos({ type: 'GET_HISTORY', payload: history }),
  watchLater: ({ watchlater }, { videos }) =>
    videos({ type: 'GET_WATCH_LATER', payload: watchlater }),
  playlists: ({ playlists }, to) => to.playlists({ type: 'GET_ALL_PLAYLISTS', payload: playlists }),
  notes: ({ notes }, { videos }) => videos({ type: 'GET_NOTES', payload: notes }),
  progress: ({ progress }, { videos }) => videos({ type: 'GET_PROGRESS', payload: progress }),
};

function putList(list: LibraryList, answer: unknown, to: Dispatchers): void {
  (putters[list] as (answer: unknown, to: Dispatchers) => void)(answer, to);
}

/** A token the server no longer accepts (or a user it no longer has) ends the session. */
const endsSession = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 404);

/**
 * A name for the session the tab shows: a new one for each token, so a list asked for in one
 * session never lands in another's (a logout, another tab's login as someone else or the same
 * user again).
 */
export function useSessionName(): string | null {
  const { state: auth } = useAuth();
  const [named, setNamed] = useState({ token: auth.token, count: 0 });
  if (named.token !== auth.token) setNamed({ token: auth.token, count: named.count + 1 });
  const user = auth.isLoggedIn ? auth.userInfo?._id : undefined;
  return user === undefined ? null : `${user}#${named.count}`;
}

/**
 * product §4: the signed-in user's lists, read through the query cache for as long as a session is
 * shown (after login, and on start with a stored session); each list shows as soon as it is in,
 * and one that fails keeps its failure (`library` in the videos store) and leaves the others alone.
 * The cache loads them again when another tab wrote (data-provider.tsx), when the tab is shown
 * after a minute, and, for those that failed, when the connection comes back. A session that ends
 * takes its lists out of the cache.
 */
export function LibraryQueries() {
  const session = useSessionName();
  const client = useQueryClient();
  // The session shown before this one: its lists leave the cache (after a logout, its answers
  // have nowhere to go). Not on an effect's cleanup: StrictMode runs those at mount too.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const before = shown.current;
    shown.current = session;
    if (before === null || before === session) return;
    client.removeQueries({
      predicate: (query) => isUserKey(query.queryKey) && sessionOf(query.queryKey) === before,
    });
  }, [session, client]);
  if (session === null) return null;
  return LIBRARY_LISTS.map((list) => <ListQuery key={list} list={list} session={session} />);
}

/** One list's read, told to the stores as it goes. */
function ListQuery({ list, session }: { list: LibraryList; session: string }) {
  const all = useDispatchers();
  const query = useQuery(libraryRead(list, session));
  const { data, dataUpdatedAt, error, errorUpdatedAt, fetchStatus } = query;
  // Loading shows on a first load and on asking again after a failure; a quiet reload keeps the
  // list on screen, and its failure leaves the list as it was.
  const loading = fetchStatus === 'fetching' && data === undefined;
  const failure = !loading && data === undefined ? error : null;

  useEffect(() => {
    if (!loading) return;
    if (list === 'playlists') all.playlists({ type: 'LOADING' });
    all.videos({ type: 'LIBRARY_LOADING', payload: [list] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dispatchers never change
  }, [loading, list]);

  useEffect(() => {
    if (data === undefined) return;
    putList(list, data, all);
    all.videos({ type: 'LIBRARY_LIST_LOADED', payload: list });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each answer once
  }, [dataUpdatedAt, list]);

  useEffect(() => {
    if (failure === null) return;
    if (list === 'playlists') all.playlists({ type: 'ERROR', payload: failure });
    all.videos({ type: 'LIBRARY_LIST_FAILED', payload: { list, error: failure } });
    all.videos({ type: 'ERROR', payload: failure });
    if (endsSession(failure)) {
      clearStoredAuth();
      all.auth({ type: 'AUTH_ERROR', payload: firstError(failure.data) ?? failure.message });
      all.videos({ type: 'CLEAR_USER_DATA' });
      all.playlists({ type: 'CLEAR_USER_DATA' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each failure once
  }, [errorUpdatedAt, failure === null, list]);
  return null;
}

/** Loads again every list whose last load failed ('Try again' where a list's failure shows). */
export function useLibraryRetry(): () => void {
  const client = useQueryClient();
  const { library } = useVideos().state;
  return () => {
    const failed = new Set<string>(failedLists(library).map((list) => LIST_ROUTES[list]));
    void client.refetchQueries({
      predicate: (query) => isUserKey(query.queryKey) && failed.has(query.queryKey[0] as string),
    });
  };
}
