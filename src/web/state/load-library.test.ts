import { beforeEach, describe, expect, it } from 'vitest';
import { api, setTokenSource, setTransport } from '../lib/api-client';
import type { MockBackend } from '../mock/mock-backend';
import { signInToMockBackend } from '../testing/mock-session';
import { authReducer, loggedOut } from './auth-reducer';
import { clearStoredAuth, storeAuth } from './auth-storage';
import { loadLibrary } from './load-library';
import { initialPlaylistsState, playlistsReducer } from './playlists-reducer';
import type { Dispatchers } from './use-store';
import { failedLists, initialVideosState, videosReducer } from './videos-reducer';

/** The three stores, kept by their real reducers, and the dispatchers loadLibrary is given. */
function stores() {
  const state = {
    auth: authReducer(loggedOut, { type: 'SAVE_TOKEN', payload: 'the stored token' }),
    videos: initialVideosState,
    playlists: initialPlaylistsState,
  };
  const dispatchers: Dispatchers = {
    auth: (action) => (state.auth = authReducer(state.auth, action)),
    videos: (action) => (state.videos = videosReducer(state.videos, action)),
    playlists: (action) => (state.playlists = playlistsReducer(state.playlists, action)),
  };
  return { state, dispatchers };
}

/** Answers 500 to the GETs of `failing` paths; everything else reaches the backend. */
function failing(backend: MockBackend, paths: string[]) {
  setTransport(async (request) => {
    if (request.method === 'GET' && paths.includes(new URL(request.url).pathname)) {
      return Response.json({ errors: ['Internal Server Error'] }, { status: 500 });
    }
    return backend.handle(request);
  });
}

describe("loading the signed-in user's lists", () => {
  let backend: MockBackend;
  beforeEach(async () => {
    backend = await signInToMockBackend();
  });

  it('a list that fails leaves the others in, and loading it again brings it', async () => {
    const { state, dispatchers } = stores();
    failing(backend, ['/api/user/notes']);
    await loadLibrary(dispatchers);

    expect(failedLists(state.videos.library)).toEqual(['notes']);
    expect(state.videos.library.likes).toEqual({ loading: false, error: null });
    expect(state.videos.library.notes.error).toMatchObject({ status: 500 });
    expect(state.auth.isLoggedIn).toBe(true);

    // The server is back: only the failed list is asked for again.
    const asked: string[] = [];
    setTransport((request) => {
      asked.push(new URL(request.url).pathname);
      return backend.handle(request);
    });
    await loadLibrary(dispatchers, failedLists(state.videos.library));
    expect(asked).toEqual(['/api/user/notes']);
    expect(failedLists(state.videos.library)).toEqual([]);
  });

  it('a token the server no longer accepts ends the session', async () => {
    const { state, dispatchers } = stores();
    setTokenSource(() => 'not-a-token');
    await loadLibrary(dispatchers);
    expect(state.auth.isLoggedIn).toBe(false);
    expect(state.auth.error).toEqual(expect.stringContaining('token'));
    expect(failedLists(state.videos.library)).toEqual([]);
  });

  it('drops lists that arrive after the session changed (a logout meanwhile)', async () => {
    await api.call('POST /api/user/likes', { body: { video: { _id: 'No8qdcVYiQw' } as never } });
    storeAuth('session-1', { _id: 'u1', firstName: 'Ada', lastName: 'L', email: 'a@b.c' } as never);
    let release = () => {};
    const gate = new Promise<void>((open) => (release = open));
    setTransport(async (request) => {
      await gate;
      return backend.handle(request);
    });
    const { state, dispatchers } = stores();
    const loading = loadLibrary(dispatchers);
    clearStoredAuth();
    release();
    await loading;
    expect(state.videos.likedVideos).toEqual([]);
  });
});
