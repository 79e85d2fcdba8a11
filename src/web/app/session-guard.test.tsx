import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildVideo } from '../testing/factories';
import { api, onTokenRefused, setTokenSource, setTransport } from '../lib/api-client';
import { storeAuth } from '../state/auth-storage';
import { StoreProvider } from '../state/store-provider';
import { useAuth, useVideos } from '../state/use-store';
import { SessionGuard } from './session-guard';

const user = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const liked = buildVideo();

/** What the tab shows of the session: who is signed in and how many videos they liked. */
function Probe() {
  const { state: auth } = useAuth();
  const { state: videos, dispatch } = useVideos();
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
    </>
  );
}

function renderTab() {
  render(
    <StoreProvider>
      <SessionGuard />
      <Probe />
    </StoreProvider>,
  );
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

  it('stays signed in when another tab writes something else', () => {
    renderTab();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(screen.getByText('signed in as Ada')).toBeDefined();
  });
});
