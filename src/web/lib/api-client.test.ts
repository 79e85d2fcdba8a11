import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import type { LoginResponse, VideosResponse } from '../../contract/responses';
import { createMockBackend } from '../mock/mock-backend';
import { api, ApiRequestError, setTokenSource, setTransport } from './api-client';
import { connectionStatus, onReconnect } from './connection';

describe('the API client', () => {
  let token: string | null = null;

  beforeEach(async () => {
    localStorage.clear();
    const backend = await createMockBackend(localStorage);
    setTransport((request) => backend.handle(request));
    setTokenSource(() => token);
  });
  afterEach(() => {
    token = null;
  });

  it('resolves with the status and the parsed body', async () => {
    const result = await api.get<VideosResponse>('/api/videos');
    expect(result.status).toBe(200);
    expect(result.data.videos).toHaveLength(6);
  });

  it('sends JSON bodies and the stored token', async () => {
    const login = await api.post<LoginResponse>('/api/auth/login', TEST_ACCOUNT);
    token = login.data.encodedToken;
    const added = await api.post('/api/user/likes', { video: { _id: 'PkZNo7MFNFg' } });
    expect(added.status).toBe(201);
  });

  it('rejects with the status and the first server error', async () => {
    const failure = await api.get('/api/user/likes').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({
      status: 401,
      message: 'The token is invalid. Unauthorized access error.',
    });
  });

  it("reports a transport failure as status 0, 'Network request failed'", async () => {
    setTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await api.get('/api/videos').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, message: 'Network request failed' });
  });

  it('tells the connection status: offline on no answer, online again on any answer', async () => {
    const backend = await createMockBackend(localStorage);
    let down = true;
    setTransport(async (request) => {
      if (down) throw new TypeError('Failed to fetch');
      return backend.handle(request);
    });
    let reconnects = 0;
    const stop = onReconnect(() => (reconnects += 1));

    await api.get('/api/videos').catch(() => undefined);
    expect(connectionStatus()).toBe('offline');
    down = false;
    // An error status is an answer too: the backend is back.
    await api.get('/api/user/likes').catch(() => undefined);
    expect(connectionStatus()).toBe('online');
    await api.get('/api/videos');
    expect(reconnects).toBe(1);
    stop();
  });

  it('a cancelled request does not count as the network being down', async () => {
    const controller = new AbortController();
    setTransport(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await api.get('/api/videos', { signal: controller.signal }).catch(() => undefined);
    expect(connectionStatus()).toBe('online');
  });
});
