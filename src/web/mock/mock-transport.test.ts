import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend } from './mock-backend';
import type { MockScenarios } from './mock-scenarios';
import { createMockTransport, type FetchLike } from './mock-transport';

const origin = 'http://127.0.0.1:4173';

function setup(delayMs = 0) {
  const handle = vi.fn(async (request: Request) => Response.json({ handled: request.url }));
  const network = vi.fn<FetchLike>(async () => Response.json({ network: true }));
  const transport = createMockTransport({ handle, network, origin, delayMs: () => delayMs });
  return { handle, network, transport };
}

describe('the mock transport', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers same-origin /api requests in the page, relative or absolute', async () => {
    const { handle, network, transport } = setup();
    const relative = await transport('/api/videos');
    expect(await relative.json()).toEqual({ handled: `${origin}/api/videos` });
    await transport(new Request(`${origin}/api/user/likes`, { method: 'POST', body: '{}' }));
    await transport(new URL(`${origin}/api`));
    expect(handle).toHaveBeenCalledTimes(3);
    expect(handle.mock.calls[1]![0].method).toBe('POST');
    expect(network).not.toHaveBeenCalled();
  });

  it('sends other hosts and non-API paths to the network untouched', async () => {
    const { handle, network, transport } = setup();
    await transport('https://api.example.com/api/videos', { method: 'DELETE' });
    await transport('/apis/videos');
    await transport('/assets/app.js');
    expect(handle).not.toHaveBeenCalled();
    expect(network.mock.calls.map(([input]) => String(input))).toEqual([
      'https://api.example.com/api/videos',
      '/apis/videos',
      '/assets/app.js',
    ]);
    expect(network.mock.calls[0]![1]).toEqual({ method: 'DELETE' });
  });

  it('waits for the response delay before answering', async () => {
    vi.useFakeTimers();
    const { handle, transport } = setup(400);
    const pending = transport('/api/videos');
    await vi.advanceTimersByTimeAsync(399);
    expect(handle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(handle).toHaveBeenCalledTimes(1);
  });
});

describe('the mock transport with scenarios, on the real in-page backend', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  async function setupReal(scenarios: MockScenarios) {
    const backend = await createMockBackend(localStorage);
    const network = vi.fn<FetchLike>(async () => Response.json({ network: true }));
    const transport = createMockTransport({
      handle: (request) => backend.handle(request),
      network,
      origin,
      delayMs: () => 0,
      scenarios: () => scenarios,
    });
    return { transport, network };
  }

  it("offline: /api requests reject with TypeError('Network request failed'), other hosts still go out", async () => {
    const { transport, network } = await setupReal({ offline: true, forcedErrors: [] });
    await expect(transport('/api/videos')).rejects.toThrow(
      expect.objectContaining({ name: 'TypeError', message: 'Network request failed' }),
    );
    const other = await transport('https://api.example.com/api/videos');
    expect(await other.json()).toEqual({ network: true });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('a forced error answers matching requests in place of the API, and only those', async () => {
    const { transport } = await setupReal({
      offline: false,
      forcedErrors: [{ method: 'GET', path: '/api/video/{videoId}', status: 500 }],
    });
    const forced = await transport(`${origin}/api/video/No8qdcVYiQw?x=1`);
    expect(forced.status).toBe(500);
    expect(forced.statusText).toBe('Internal Server Error');
    expect(await forced.json()).toEqual({ errors: ['Internal Server Error'] });

    const list = await transport('/api/videos');
    expect(list.status).toBe(200);
    expect(((await list.json()) as { videos: unknown[] }).videos).toHaveLength(6);
  });

  it('a forced error on a write keeps the write from happening', async () => {
    const { transport } = await setupReal({
      offline: false,
      forcedErrors: [{ method: 'POST', path: '/api/test-todos', status: 503 }],
    });
    const post = await transport('/api/test-todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'never stored' }),
    });
    expect(post.status).toBe(503);
    const todos = await (await transport('/api/test-todos')).text();
    expect(todos).not.toContain('never stored');
  });
});
