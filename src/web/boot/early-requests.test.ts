import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setTokenSource, setTransport } from '../lib/api-client';
import { sendEarlyRequests, takeEarlyResponse } from './early-requests';

const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
  Promise.resolve(Response.json({ early: String(input), headers: init?.headers })),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.__codetubeEarlyRequests;
});

describe('early requests', () => {
  it('are sent with the headers the API client sends, and taken once', async () => {
    sendEarlyRequests(['/api/videos?offset=0&limit=24'], 'token-1');
    expect(fetchMock).toHaveBeenCalledWith('/api/videos?offset=0&limit=24', {
      headers: { accept: 'application/json', authorization: 'token-1' },
    });
    const response = await takeEarlyResponse('/api/videos?offset=0&limit=24', 'token-1');
    expect(await response?.json()).toMatchObject({ early: '/api/videos?offset=0&limit=24' });
    expect(takeEarlyResponse('/api/videos?offset=0&limit=24', 'token-1')).toBeUndefined();
  });

  it('are not taken for another path, another token or after 30 seconds', () => {
    vi.useFakeTimers();
    sendEarlyRequests(['/a', '/b', '/c'], null);
    expect(takeEarlyResponse('/a?x=1', null)).toBeUndefined();
    expect(takeEarlyResponse('/a', 'signed-in')).toBeUndefined();
    vi.advanceTimersByTime(30_001);
    expect(takeEarlyResponse('/b', null)).toBeUndefined();
  });

  it('answer the API client instead of its transport', async () => {
    const transport = vi.fn(() => Promise.resolve(Response.json({ fromTransport: true })));
    setTransport(transport);
    setTokenSource(() => null);
    sendEarlyRequests(['/api/videos/trending?offset=0&limit=24'], null);

    const trending = { query: { offset: '0', limit: '24' } };
    const first = await api.call('GET /api/videos/trending', trending);
    expect(first).toEqual({
      status: 200,
      data: {
        early: '/api/videos/trending?offset=0&limit=24',
        headers: { accept: 'application/json' },
      },
    });
    expect(transport).not.toHaveBeenCalled();

    const second = await api.call('GET /api/videos/trending', trending);
    expect(second.data).toEqual({ fromTransport: true });
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('that failed fail the API call as a network failure', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    setTokenSource(() => null);
    sendEarlyRequests(['/api/videos/category-names'], null);
    await expect(api.call('GET /api/videos/category-names')).rejects.toMatchObject({ status: 0 });
  });
});
