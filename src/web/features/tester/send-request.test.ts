import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../../../contract/limits';
import { createMockBackend } from '../../mock/mock-backend';
import { createMockTransport } from '../../mock/mock-transport';
import { requestInit, sendTesterRequest, type FetchLike, type TesterRequest } from './send-request';

const buildRequest = (overrides: Partial<TesterRequest> = {}): TesterRequest => ({
  reqType: 'GET',
  endpoint: '/api/test-todos',
  headers: { Accept: '*/*' },
  body: '{}',
  ...overrides,
});

const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('sending a tester request to the in-page mock backend', () => {
  let send: FetchLike;
  let logged: ReturnType<typeof vi.spyOn>;

  beforeEach(async () => {
    localStorage.clear();
    const backend = await createMockBackend(localStorage);
    // The real mock wiring the page uses: same-origin /api answered in the page, no delay.
    send = createMockTransport({
      handle: (request) => backend.handle(request),
      network: offline,
      origin: window.location.origin,
      delayMs: () => 0,
    });
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    logged.mockRestore();
  });

  it('reads status, headers and the JSON body of a response', async () => {
    const result = await sendTesterRequest(buildRequest(), send);
    expect(result).toMatchObject({ kind: 'response', status: 200, statusText: 'OK', ok: true });
    if (result.kind !== 'response') throw new Error('expected a response');
    expect((result.data as { todos: unknown[] }).todos).toHaveLength(3);
    expect(result.headers).toContainEqual(['content-type', 'application/json']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('sends the stored body as JSON with POST', async () => {
    const body = JSON.stringify({ title: 'Write the tester', completed: true });
    const result = await sendTesterRequest(buildRequest({ reqType: 'POST', body }), send);
    expect(result).toMatchObject({ status: 201, statusText: 'Created', ok: true });
    const todos = (result as { data: { todos: { title: string; completed: boolean }[] } }).data
      .todos;
    expect(todos).toContainEqual(
      expect.objectContaining({ title: 'Write the tester', completed: true }),
    );
  });

  it('sends enabled headers as real request headers: a token in authorization signs in', async () => {
    const login = await sendTesterRequest(
      buildRequest({
        reqType: 'POST',
        endpoint: '/api/auth/login',
        body: JSON.stringify(TEST_ACCOUNT),
      }),
      send,
    );
    const token = (login as { data: { encodedToken: string } }).data.encodedToken;
    const withToken = await sendTesterRequest(
      buildRequest({ endpoint: '/api/user/likes', headers: { authorization: token } }),
      send,
    );
    expect(withToken).toMatchObject({ status: 200, data: { likes: [] } });
  });

  it('shows a non-2xx answer as the response and logs it', async () => {
    const result = await sendTesterRequest(buildRequest({ endpoint: '/api/user/likes' }), send);
    expect(result).toEqual(
      expect.objectContaining({
        kind: 'response',
        status: 401,
        statusText: 'Unauthorized',
        ok: false,
        data: { errors: ['The token is invalid. Unauthorized access error.'] },
      }),
    );
    expect(logged).toHaveBeenCalledWith(
      'Request tester: GET /api/user/likes answered 401 Unauthorized',
      { errors: ['The token is invalid. Unauthorized access error.'] },
    );
  });

  it('answers an unknown API route with its 404 response', async () => {
    const result = await sendTesterRequest(buildRequest({ endpoint: '/api/nothing-here' }), send);
    expect(result).toMatchObject({ kind: 'response', status: 404, ok: false });
  });

  it('reports a request that got no response as the error itself, and logs it', async () => {
    const result = await sendTesterRequest(
      buildRequest({ endpoint: 'http://127.0.0.1:9/unreachable' }),
      send,
    );
    expect(result).toEqual({
      kind: 'error',
      name: 'TypeError',
      message: 'Network request failed',
      detail: 'Failed to fetch',
      durationMs: expect.any(Number),
    });
    expect(logged).toHaveBeenCalledWith(
      'Request tester: GET http://127.0.0.1:9/unreachable failed',
      expect.any(TypeError),
    );
  });

  it('refuses a header name the browser cannot send without calling the network', async () => {
    const network = vi.fn(send);
    const result = await sendTesterRequest(buildRequest({ headers: { 'bad name': 'x' } }), network);
    expect(result).toMatchObject({ kind: 'error', name: 'TypeError' });
    expect(result).not.toMatchObject({ message: 'Network request failed' });
    expect(network).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('reading responses that are not JSON', () => {
  it('keeps a text body as text and an empty body as undefined', async () => {
    const text = await sendTesterRequest(buildRequest(), async () => new Response('<p>hi</p>'));
    expect(text).toMatchObject({ kind: 'response', status: 200, data: '<p>hi</p>' });
    const empty = await sendTesterRequest(
      buildRequest(),
      async () => new Response(null, { status: 204 }),
    );
    expect(empty).toMatchObject({ status: 204, statusText: 'No Content', ok: true });
    expect((empty as { data: unknown }).data).toBeUndefined();
  });
});

describe('time and size', () => {
  /** A clock that moves only when the test says so. */
  function manualClock(start = 1000) {
    let time = start;
    return { now: () => time, advance: (ms: number) => (time += ms) };
  }

  it('measures from sending to the end of the body, and counts the body in bytes', async () => {
    const clock = manualClock();
    const result = await sendTesterRequest(
      buildRequest(),
      async () => {
        clock.advance(120.4);
        // "é" and "€" are 2 and 3 bytes in UTF-8: 10 characters, 13 bytes.
        return new Response('{"a":"é€"}');
      },
      clock.now,
    );
    expect(result).toMatchObject({ kind: 'response', durationMs: 120, sizeBytes: 13 });
  });

  it("does not repeat 'Network request failed' as the detail when fetch said just that", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await sendTesterRequest(buildRequest(), async () => {
      throw new TypeError('Network request failed');
    });
    expect(failed).toEqual({
      kind: 'error',
      name: 'TypeError',
      message: 'Network request failed',
      durationMs: expect.any(Number),
    });
    vi.restoreAllMocks();
  });

  it('reports an empty body as 0 bytes and times a failure too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clock = manualClock();
    const empty = await sendTesterRequest(
      buildRequest(),
      async () => new Response(null, { status: 204 }),
      clock.now,
    );
    expect(empty).toMatchObject({ sizeBytes: 0, durationMs: 0 });
    const failed = await sendTesterRequest(
      buildRequest(),
      async () => {
        clock.advance(30);
        throw new TypeError('Failed to fetch');
      },
      clock.now,
    );
    expect(failed).toMatchObject({ kind: 'error', durationMs: 30 });
    vi.restoreAllMocks();
  });
});

describe('requestInit', () => {
  it('sends no body with GET', () => {
    const init = requestInit(buildRequest({ body: '{"a":1}' }));
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('sends the parsed body as JSON with POST and DELETE, keeping a chosen content type', () => {
    const post = requestInit(buildRequest({ reqType: 'POST', body: '{ "a" : [1, 2] }' }));
    expect(post.body).toBe('{"a":[1,2]}');
    expect(new Headers(post.headers).get('content-type')).toBe('application/json');
    const del = requestInit(
      buildRequest({ reqType: 'DELETE', headers: { 'Content-Type': 'application/vnd.x+json' } }),
    );
    expect(del).toMatchObject({ method: 'DELETE', body: '{}' });
    expect(new Headers(del.headers).get('content-type')).toBe('application/vnd.x+json');
  });
});
