import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataProvider } from '../data/data-provider';
import { logOut } from '../features/auth/auth-service';
import { noteDraftKey } from '../features/notes/note-drafts';
import { buildVideo } from '../testing/factories';
import { api, onTokenRefused, setTokenSource, setTransport } from '../lib/api-client';
import { storeAuth } from '../state/auth-storage';
import { StoreProvider } from '../state/store-provider';
import { useAuth, useDispatchers, useVideos } from '../state/use-store';
import { SessionGuard } from './session-guard';

const user = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const liked = buildVideo();

/** What the tab shows of the session: who is signed in and how many videos they liked. */
function Probe() {
  const { state: auth } = useAuth();
  const { state: videos, dispatch } = useVideos();
  const dispatchers = useDispatchers();
  return (
    <>
      <p>{auth.isLoggedIn ? `signed in as ${auth.userInfo?.firstName}` : 'signed out'}</p>
      <p>{`${videos.likedVideos.length} liked`}</p>
      <button
        type="button"
        onClick={() => dispatch({ type: 'GET_LIKED_VIDEOS', payload: [liked] })}
      >
        load likes
      </button>
      <button type="button" onClick={() => logOut(dispatchers)}>
        log out
      </button>
    </>
  );
}

/** A signed-in tab; `withLists`: the user's lists load through the query cache, as in the app. */
function renderTab({ withLists = false } = {}) {
  const tab = (
    <>
      <SessionGuard />
      <Probe />
    </>
  );
  render(<StoreProvider>{withLists ? <DataProvider>{tab}</DataProvider> : tab}</StoreProvider>);
  act(() => screen.getByRole('button', { name: 'load likes' }).click());
  expect(screen.getByText('signed in as Ada')).toBeDefined();
  expect(screen.getByText('1 liked')).toBeDefined();
}

describe('SessionGuard', () => {
  beforeEach(() => {
    localStorage.clear();
    storeAuth('token-1', user as never);
    setTokenSource(() => localStorage.getItem('token'));
    setTransport(async () => Response.json({ errors: ['The token is invalid.'] }, { status: 401 }));
  });
  afterEach(() => {
    cleanup();
    onTokenRefused(() => undefined);
    localStorage.clear();
  });

  it('logs this tab out when the server refuses its token, as a logout does', async () => {
    renderTab();
    await act(() => api.call('POST /api/user/likes', { body: { video: liked } }).catch(() => {}));
    expect(screen.getByText('signed out')).toBeDefined();
    expect(screen.getByText('0 liked')).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps a session signed in since (a late 401 for an older token)', async () => {
    renderTab();
    setTokenSource(() => 'token-0');
    await act(() => api.call('GET /api/user/likes').catch(() => {}));
    expect(screen.getByText('signed in as Ada')).toBeDefined();
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it('does not log out on a failed login (a wrong password is a 401 too)', async () => {
    renderTab();
    await act(() =>
      api.call('POST /api/auth/login', { body: { email: 'a@b.c', password: 'x' } }).catch(() => {}),
    );
    expect(screen.getByText('signed in as Ada')).toBeDefined();
  });

  it('follows another tab that logs out (the stored token removed)', () => {
    renderTab();
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'token', oldValue: 'token-1', newValue: null }),
      );
    });
    expect(screen.getByText('signed out')).toBeDefined();
    expect(screen.getByText('0 liked')).toBeDefined();
  });

  it('takes up the session another tab signs in to, with its own lists', async () => {
    const grace = { _id: 'u2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };
    const graceLikes = [buildVideo(), buildVideo()];
    const lists: Record<string, unknown> = {
      '/api/user/likes': { likes: graceLikes },
      '/api/user/history': { history: [] },
      '/api/user/watchlater': { watchlater: [] },
      '/api/user/playlists': { playlists: [] },
      '/api/user/notes': { notes: [] },
      '/api/user/progress': { progress: [] },
    };
    const empty = {
      likes: [],
      history: [],
      watchlater: [],
      playlists: [],
      notes: [],
      progress: [],
    };
    // Grace's token opens her lists; Ada's are empty.
    setTransport(async (request) =>
      request.headers.get('authorization') === 'token-2'
        ? Response.json(lists[new URL(request.url).pathname])
        : Response.json(empty),
    );
    renderTab({ withLists: true });
    localStorage.setItem('token', 'token-2');
    localStorage.setItem('user', JSON.stringify(grace));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'token-2' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(screen.getByText('signed in as Grace')).toBeDefined();
    expect(await screen.findByText('2 liked')).toBeDefined();
  });

  it('takes up a login in another tab while this one shows no session', async () => {
    localStorage.clear();
    setTransport(async () => Response.json({ likes: [], history: [], watchlater: [] }));
    render(
      <StoreProvider>
        <SessionGuard />
        <Probe />
      </StoreProvider>,
    );
    expect(screen.getByText('signed out')).toBeDefined();
    storeAuth('token-3', user as never);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(screen.getByText('signed in as Ada')).toBeDefined();
  });

  describe('note drafts (kept per user and video)', () => {
    const adaDraft = noteDraftKey('u1', 'video-a');
    const graceDraft = noteDraftKey('u2', 'video-a');
    beforeEach(() => {
      localStorage.setItem(adaDraft, JSON.stringify({ text: 'Half a thought' }));
      localStorage.setItem(graceDraft, JSON.stringify({ text: 'Another’s' }));
    });

    it('forgets the user’s drafts on a logout, so the next person at the computer finds none', () => {
      renderTab();
      expect(localStorage.getItem(adaDraft)).not.toBeNull();
      act(() => screen.getByRole('button', { name: 'log out' }).click());
      expect(screen.getByText('signed out')).toBeDefined();
      expect(localStorage.getItem(adaDraft)).toBeNull();
      expect(localStorage.getItem(graceDraft)).not.toBeNull();
    });

    it('forgets them when the server ends the session (a 401)', async () => {
      renderTab();
      await act(() => api.call('GET /api/user/likes').catch(() => {}));
      expect(screen.getByText('signed out')).toBeDefined();
      expect(localStorage.getItem(adaDraft)).toBeNull();
      expect(localStorage.getItem(graceDraft)).not.toBeNull();
    });
  });

  it('stays signed in when another tab writes something else', () => {
    renderTab();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(screen.getByText('signed in as Ada')).toBeDefined();
  });
});
