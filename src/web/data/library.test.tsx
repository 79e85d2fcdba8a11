import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, readAgain, setTokenSource, setTransport } from '../lib/api-client';
import { reportReachable, reportUnreachable } from '../lib/connection';
import type { MockBackend } from '../mock/mock-backend';
import { clearStoredAuth, storeAuth } from '../state/auth-storage';
import { StoreProvider } from '../state/store-provider';
import { useAuth, useDispatchers, useVideos } from '../state/use-store';
import { failedLists } from '../state/videos-reducer';
import { signInToMockBackend } from '../testing/mock-session';
import { DataProvider } from './data-provider';
import { useLibraryRetry } from './library';

const user = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

/** What the tab shows of the lists: who is in, the liked count, which lists failed or load. */
function Probe() {
  const { state: auth } = useAuth();
  const dispatchers = useDispatchers();
  const { state } = useVideos();
  const retry = useLibraryRetry();
  const loading = Object.values(state.library).some((list) => list.loading);
  return (
    <>
      <p>{auth.isLoggedIn ? 'signed in' : `signed out: ${auth.error ?? ''}`}</p>
      <p>{`${state.likedVideos.length} liked`}</p>
      <p>{loading ? 'loading' : `failed: ${failedLists(state.library).join(',') || 'none'}`}</p>
      <button type="button" onClick={retry}>
        Try again
      </button>
      <button
        type="button"
        onClick={() => {
          // As a logout does (features/auth).
          clearStoredAuth();
          dispatchers.auth({ type: 'LOGOUT' });
          dispatchers.videos({ type: 'CLEAR_USER_DATA' });
          dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
        }}
      >
        Log out
      </button>
    </>
  );
}

function renderTab({ strict = false } = {}) {
  const tab = (
    <StoreProvider>
      <DataProvider>
        <Probe />
      </DataProvider>
    </StoreProvider>
  );
  render(strict ? <StrictMode>{tab}</StrictMode> : tab);
}

/** The paths of the GETs the backend is asked, from now on; `failing` ones answer 500. */
function watchCalls(backend: MockBackend, failing: string[] = []) {
  const asked: string[] = [];
  setTransport(async (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET') asked.push(path);
    if (request.method === 'GET' && failing.includes(path)) {
      return Response.json({ errors: ['Internal Server Error'] }, { status: 500 });
    }
    return backend.handle(request);
  });
  return asked;
}

describe("the signed-in user's lists, through the query cache", () => {
  let backend: MockBackend;
  beforeEach(async () => {
    backend = await signInToMockBackend();
    await api.call('POST /api/user/likes', { body: { video: { _id: 'No8qdcVYiQw' } as never } });
    storeAuth('the stored token', user as never);
  });
  afterEach(() => {
    cleanup();
    reportReachable();
  });

  it('a list that fails leaves the others in, and Try again asks for it alone', async () => {
    watchCalls(backend, ['/api/user/notes']);
    renderTab();
    expect(await screen.findByText('failed: notes')).toBeDefined();
    expect(screen.getByText('1 liked')).toBeDefined();
    expect(screen.getByText('signed in')).toBeDefined();

    const again = watchCalls(backend);
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('failed: none')).toBeDefined();
    expect(again).toEqual(['/api/user/notes']);
  });

  it('asks again for the lists that failed when the connection comes back', async () => {
    watchCalls(backend, ['/api/user/history']);
    renderTab();
    expect(await screen.findByText('failed: history')).toBeDefined();
    const again = watchCalls(backend);
    act(() => reportUnreachable());
    act(() => reportReachable());
    expect(await screen.findByText('failed: none')).toBeDefined();
    expect(again).toEqual(['/api/user/history']);
  });

  it('a token the server no longer accepts ends the session', async () => {
    setTokenSource(() => 'not-a-token');
    renderTab();
    expect(await screen.findByText(/signed out: .*token/)).toBeDefined();
    expect(screen.getByText('failed: none')).toBeDefined();
  });

  it('drops lists that arrive after the session ended (a logout meanwhile)', async () => {
    let release = () => {};
    const gate = new Promise<void>((open) => (release = open));
    setTransport(async (request) => {
      await gate;
      return backend.handle(request);
    });
    renderTab();
    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    await act(async () => {
      release();
      await gate;
    });
    expect(screen.getByText(/^signed out/)).toBeDefined();
    expect(screen.getByText('0 liked')).toBeDefined();
  });

  it("loads the lists again, quietly, when another tab wrote to them", async () => {
    renderTab();
    expect(await screen.findByText('1 liked')).toBeDefined();
    // Another tab likes a second video, and says so through storage.
    await api.call('POST /api/user/likes', { body: { video: { _id: '1PnVor36_40' } as never } });
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'codetube:library-changed', newValue: 'x' }),
      );
    });
    expect(await screen.findByText('2 liked')).toBeDefined();
  });

  it('reads a list again, alone, when a write found this tab behind (readAgain)', async () => {
    renderTab();
    expect(await screen.findByText('1 liked')).toBeDefined();
    // Another device liked a second video; this tab's like of it was refused (409).
    await api.call('POST /api/user/likes', { body: { video: { _id: '1PnVor36_40' } as never } });
    const asked = watchCalls(backend);
    await act(() => readAgain('GET /api/user/likes'));
    expect(await screen.findByText('2 liked')).toBeDefined();
    expect(asked).toEqual(['/api/user/likes']);
  });

  it('keeps the lists in the cache under StrictMode (effects run twice at mount)', async () => {
    renderTab({ strict: true });
    expect(await screen.findByText('1 liked')).toBeDefined();
    await api.call('POST /api/user/likes', { body: { video: { _id: '1PnVor36_40' } as never } });
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'codetube:library-changed', newValue: 'y' }),
      );
    });
    expect(await screen.findByText('2 liked')).toBeDefined();
  });
});
