import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectionStatus,
  reportReachable,
  reportUnreachable,
  useReconnectAttempt,
  watchBrowserConnection,
} from './connection';

function Attempts({ failed }: { failed: boolean }) {
  return <p>attempt {useReconnectAttempt(failed)}</p>;
}

describe('the connection status', () => {
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
});
