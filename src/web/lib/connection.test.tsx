import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectionStatus,
  probeDelay,
  useProbeWhileOffline,
  reportReachable,
  reportUnreachable,
  useReconnectAttempt,
  watchBrowserConnection,
} from './connection';

function Probe({ probe }: { probe: () => Promise<unknown> }) {
  useProbeWhileOffline(probe);
  return null;
}

function Attempts({ failed }: { failed: boolean }) {
  return <p>attempt {useReconnectAttempt(failed)}</p>;
}

describe('the connection status', () => {
  // The status is the page's, and the dom project's files share a page: an earlier file's failed
  // call may have left it offline.
  beforeEach(() => reportReachable());
  afterEach(() => reportReachable());

  it("follows the browser's online and offline events when the API is on a server", () => {
    const target = new EventTarget();
    watchBrowserConnection(target as unknown as Window, { apiInPage: false, onLine: true });
    expect(connectionStatus()).toBe('online');
    target.dispatchEvent(new Event('offline'));
    expect(connectionStatus()).toBe('offline');
    target.dispatchEvent(new Event('online'));
    expect(connectionStatus()).toBe('online');
  });

  it('starts offline when the browser is, with the API on a server', () => {
    watchBrowserConnection(new EventTarget() as unknown as Window, {
      apiInPage: false,
      onLine: false,
    });
    expect(connectionStatus()).toBe('offline');
  });

  it('with the API in the page (mock mode), the browser going offline does not cut it off', () => {
    const target = new EventTarget();
    watchBrowserConnection(target as unknown as Window, { apiInPage: true, onLine: false });
    expect(connectionStatus()).toBe('online');
    target.dispatchEvent(new Event('offline'));
    expect(connectionStatus()).toBe('online');
  });

  it('counts a reconnect only for a screen whose load failed', () => {
    const { rerender } = render(<Attempts failed={false} />);
    act(() => reportUnreachable());
    act(() => reportReachable());
    expect(screen.getByText('attempt 0')).toBeTruthy();

    rerender(<Attempts failed />);
    act(() => reportUnreachable());
    act(() => reportReachable());
    expect(screen.getByText('attempt 1')).toBeTruthy();
    // Answers while online are no reconnect.
    act(() => reportReachable());
    expect(screen.getByText('attempt 1')).toBeTruthy();
  });

  it('asks the backend again by itself while offline, waiting longer each time, until it answers', async () => {
    vi.useFakeTimers();
    try {
      let up = false;
      const probe = vi.fn(async () => {
        if (up) reportReachable();
        else reportUnreachable();
      });
      render(<Probe probe={probe} />);
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      // Online: nothing is asked.
      expect(probe).not.toHaveBeenCalled();

      act(() => reportUnreachable());
      await act(async () => vi.advanceTimersByTimeAsync(probeDelay(0)));
      expect(probe).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTimeAsync(probeDelay(1) - 1));
      expect(probe).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTimeAsync(1));
      expect(probe).toHaveBeenCalledTimes(2);

      up = true;
      await act(async () => vi.advanceTimersByTimeAsync(probeDelay(2)));
      expect(probe).toHaveBeenCalledTimes(3);
      expect(connectionStatus()).toBe('online');
      await act(async () => vi.advanceTimersByTimeAsync(10 * probeDelay(9)));
      expect(probe).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits 3 s, then twice as long each time, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 20].map(probeDelay)).toEqual([
      3_000, 6_000, 12_000, 24_000, 30_000, 30_000,
    ]);
  });
});
