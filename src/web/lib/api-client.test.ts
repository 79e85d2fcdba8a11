import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import type { LoginResponse, VideosResponse } from '../../contract/responses';
import { createMockBackend } from '../mock/mock-backend';
import { api, ApiRequestError, setTokenSource, setTransport } from './api-client';

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
});
