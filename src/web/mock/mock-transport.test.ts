import { afterEach, describe, expect, it, vi } from 'vitest';
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
