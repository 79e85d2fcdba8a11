import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Whether the backend can be reached, as the app last saw it. Every API call reports here (a
 * network failure means offline, any answer, even an error status, means online), and so do the
 * browser's `online` and `offline` events. Screens whose load failed subscribe to `useOnReconnect`
 * and load again when the connection comes back, so the app recovers without a reload.
 */
export type ConnectionStatus = 'online' | 'offline';

let status: ConnectionStatus = 'online';
const statusListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

function setStatus(next: ConnectionStatus): void {
  if (next === status) return;
  status = next;
  statusListeners.forEach((listener) => listener());
  if (next === 'online') reconnectListeners.forEach((listener) => listener());
}

/** A call got no answer at all (the network or the server is down). */
export function reportUnreachable(): void {
  setStatus('offline');
}

/** A call got an answer: whatever its status, the backend is there. */
export function reportReachable(): void {
  setStatus('online');
}

export function connectionStatus(): ConnectionStatus {
  return status;
}

/** Calls `listener` on every change of the status; returns the unsubscribe. */
export function subscribeToConnection(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Calls `listener` each time the connection comes back after being lost; returns the unsubscribe. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * Follows the browser's own idea of the network (main.tsx calls this once, with `navigator.onLine`).
 * With the API on a server, the browser being offline means the server is out of reach. In mock
 * mode the API runs in the page and answers offline too: only a call that gets no answer (the mock
 * panel's 'Simulate offline') says it is unreachable. The network coming back is a moment to try
 * again in both.
 */
export function watchBrowserConnection(
  target: Pick<Window, 'addEventListener'>,
  { apiInPage, onLine }: { apiInPage: boolean; onLine: boolean },
): void {
  if (!apiInPage) {
    if (!onLine) reportUnreachable();
    target.addEventListener('offline', reportUnreachable);
  }
  target.addEventListener('online', reportReachable);
}

/** The connection status, re-rendering on change. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribeToConnection, connectionStatus, () => 'online');
}

/** The first wait before asking the backend again while it cannot be reached. */
export const FIRST_PROBE_MS = 3_000;
/** The longest wait between two such probes (the waits double up to it). */
export const MAX_PROBE_MS = 30_000;

/** The wait before the `attempt`th probe (0 first): 3 s, 6 s, 12 s, 24 s, then every 30 s. */
export function probeDelay(attempt: number): number {
  return Math.min(MAX_PROBE_MS, FIRST_PROBE_MS * 2 ** Math.min(attempt, 10));
}

/**
 * While the backend cannot be reached, asks it again now and then (`probe`, whose answer or
 * absence the API client reports here), so the app comes back by itself when the server does,
 * without a click or the browser's `online` event (a server restarted while the network stayed
 * up fires none). The waits grow (probeDelay); the tab being shown again probes at once.
 */
export function useProbeWhileOffline(probe: () => Promise<unknown>): void {
  const offline = useConnectionStatus() === 'offline';
  const latest = useRef(probe);
  useEffect(() => {
    latest.current = probe;
  });
  useEffect(() => {
    if (!offline) return;
    let attempt = 0;
    let timer: number | undefined;
    let stopped = false;
    const ask = () => {
      window.clearTimeout(timer);
      timer = undefined;
      void latest
        .current()
        .catch(() => undefined)
        .then(() => {
          if (!stopped && timer === undefined) schedule();
        });
    };
    const schedule = () => {
      timer = window.setTimeout(ask, probeDelay(attempt));
      attempt += 1;
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') ask();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [offline]);
}

/**
 * A number that goes up each time the connection comes back while `failed`. A screen puts it in
 * the dependencies of the effect that loads its data, so a load that failed runs again by itself.
 */
export function useReconnectAttempt(failed: boolean): number {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!failed) return;
    return onReconnect(() => setAttempt((count) => count + 1));
  }, [failed]);
  return attempt;
}
