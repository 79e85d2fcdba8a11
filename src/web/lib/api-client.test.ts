import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { createMockBackend } from '../mock/mock-backend';
import type { LikesResponse, PlaylistResponse } from '../../contract/responses';
import {
  api,
  ApiRequestError,
  READ_TIMEOUT_MS,
  REQUEST_TIMED_OUT,
  onTokenRefused,
  setTokenSource,
  setTransport,
  type ApiResponse,
} from './api-client';
import { connectionStatus, onReconnect } from './connection';
import { routeUrl } from './route-url';

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
    const result = await api.call('GET /api/videos');
    expect(result.status).toBe(200);
    expect(result.data.videos).toHaveLength(6);
  });

  it('sends JSON bodies and the stored token', async () => {
    const login = await api.call('POST /api/auth/login', { body: TEST_ACCOUNT });
    token = login.data.encodedToken;
    const added = await api.call('POST /api/user/likes', {
      body: { video: { _id: 'PkZNo7MFNFg' } },
    });
    expect(added.status).toBe(201);
  });

  it('rejects with the status and the first server error', async () => {
    const failure = await api.call('GET /api/user/likes').catch((error: unknown) => error);
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
    const failure = await api.call('GET /api/videos').catch((error: unknown) => error);
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

    await api.call('GET /api/videos').catch(() => undefined);
    expect(connectionStatus()).toBe('offline');
    down = false;
    // An error status is an answer too: the backend is back.
    await api.call('GET /api/user/likes').catch(() => undefined);
    expect(connectionStatus()).toBe('online');
    await api.call('GET /api/videos');
    expect(reconnects).toBe(1);
    stop();
  });

  it('a cancelled request does not count as the network being down', async () => {
    const controller = new AbortController();
    setTransport(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await api.call('GET /api/videos', { signal: controller.signal }).catch(() => undefined);
    expect(connectionStatus()).toBe('online');
  });
});

describe('calls by route name', () => {
  it('fill in path parameters, percent-encoded, and the defined query fields in order', () => {
    expect(
      routeUrl('DELETE /api/user/playlists/{playlistId}/{videoId}', {
        params: { playlistId: 'p 1', videoId: 'a/b?' },
      }),
    ).toBe('/api/user/playlists/p%201/a%2Fb%3F');
    expect(
      routeUrl('GET /api/videos', {
        query: { category: 'CSS & co', search: undefined, offset: '0', limit: '24' },
      }),
    ).toBe('/api/videos?category=CSS+%26+co&offset=0&limit=24');
    expect(routeUrl('GET /api/videos/category-names', {})).toBe('/api/videos/category-names');
  });

  it("resolve to the table's response type for the route", () => {
    expectTypeOf<Awaited<ReturnType<typeof api.call<'GET /api/user/likes'>>>>().toEqualTypeOf<
      ApiResponse<LikesResponse>
    >();
    expectTypeOf<
      Awaited<ReturnType<typeof api.call<'POST /api/user/playlists/{playlistId}'>>>['data']
    >().toEqualTypeOf<PlaylistResponse>();
  });

  it('refuse, when compiled, what the table does not allow', () => {
    // Vitest does not type-check and none of these runs: `npm run typecheck` (tsc) is what fails
    // when one of them compiles, its @ts-expect-error then being unused.
    void [
      // @ts-expect-error not a route of the table
      () => api.call('GET /api/user/like'),
      // @ts-expect-error the route takes a body
      () => api.call('POST /api/user/likes'),
      // @ts-expect-error the body has the table's shape
      () => api.call('POST /api/user/likes', { body: { videoId: 'x' } }),
      // @ts-expect-error the path's parameters are required
      () => api.call('DELETE /api/user/likes/{videoId}'),
      // @ts-expect-error named as the path names them
      () => api.call('DELETE /api/user/likes/{videoId}', { params: { id: 'x' } }),
      // @ts-expect-error a route without a body takes none
      () => api.call('GET /api/videos', { body: {} }),
      // @ts-expect-error the search needs its q
      () => api.call('GET /api/videos/search', { query: { limit: '5' } }),
    ];
  });
});

describe('a read that gets no answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`fails after ${READ_TIMEOUT_MS / 1000} s with its own message, the connection left alone`, async () => {
    vi.useFakeTimers();
    // A server that takes the request and never answers (the mock's in-page API ignores signals).
    setTransport(() => new Promise<Response>(() => undefined));
    const failure = api.call('GET /api/videos').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    let settled = false;
    void failure.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, timedOut: true, message: REQUEST_TIMED_OUT });
    expect((error as ApiRequestError).unreachable).toBe(false);
    // A slow answer says nothing about the network: no 'offline' banner.
    expect(connectionStatus()).toBe('online');
  });

  it('also when the answer starts but its body never ends', async () => {
    vi.useFakeTimers();
    setTransport(async () => new Response(new ReadableStream({ start() {} }), { status: 200 }));
    const failure = api.call('GET /api/videos').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    expect(await failure).toMatchObject({ timedOut: true });
  });

  it('a write waits for its answer (it may have been done)', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    setTransport(() => new Promise<Response>((resolve) => (answer = resolve)));
    const result = api.call('POST /api/auth/login', { body: TEST_ACCOUNT });
    await vi.advanceTimersByTimeAsync(2 * READ_TIMEOUT_MS);
    answer(Response.json({ encodedToken: 't', foundUser: {} }, { status: 200 }));
    await expect(result).resolves.toMatchObject({ status: 200 });
  });

  it('a read its caller cancels fails at once, not as a time-out', async () => {
    vi.useFakeTimers();
    setTransport(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const failure = api
      .call('GET /api/videos', { signal: controller.signal })
      .catch((error: unknown) => error);
    controller.abort();
    const error = await failure;
    expect(error).toMatchObject({ status: 0, timedOut: false });
    expect(connectionStatus()).toBe('online');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a refused token (401)', () => {
  const refused: string[] = [];
  let token: string | null = null;

  beforeEach(() => {
    refused.length = 0;
    token = null;
    setTokenSource(() => token);
    onTokenRefused((sent) => refused.push(sent));
    setTransport(async () => Response.json({ errors: ['refused'] }, { status: 401 }));
  });
  afterEach(() => onTokenRefused(() => undefined));

  it('is reported with the token the call sent, and the call still fails', async () => {
    token = 'revoked-token';
    const failure = await api
      .call('POST /api/user/likes', { body: { video: { _id: 'x' } } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401 });
    expect(refused).toEqual(['revoked-token']);
  });

  it('is not reported for login and signup (a wrong password), nor for a call with no token', async () => {
    token = 'some-token';
    await api.call('POST /api/auth/login', { body: TEST_ACCOUNT }).catch(() => undefined);
    await api
      .call('POST /api/auth/signup', {
        body: { firstName: 'a', lastName: 'b', email: 'a@b.c', password: 'p' },
      })
      .catch(() => undefined);
    token = null;
    await api.call('GET /api/user/likes').catch(() => undefined);
    expect(refused).toEqual([]);
  });

  it('is not reported for other failures', async () => {
    token = 'some-token';
    setTransport(async () => Response.json({ errors: ['gone'] }, { status: 404 }));
    await api.call('GET /api/user/likes').catch(() => undefined);
    expect(refused).toEqual([]);
  });
});
