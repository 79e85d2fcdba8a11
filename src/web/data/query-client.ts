import { onlineManager, QueryClient } from '@tanstack/react-query';
import { connectionStatus, subscribeToConnection } from '../lib/connection';

/** How long an answer counts as fresh: a screen shown again after that asks again, quietly. */
export const FRESH_FOR_MS = 60_000;

/**
 * The app's one cache of server state (TanStack Query), made per app mount, never a module
 * singleton: a server render makes its own and hands it over (dehydrate / HydrationBoundary).
 * Reads are not retried (the API client gives up after 15 s and the screens offer 'Try again'),
 * and run whatever the browser thinks of the network: the API client's answers are what say the
 * backend is there (lib/connection.ts), and the mock's in-page API answers offline.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        networkMode: 'always',
        staleTime: FRESH_FOR_MS,
        // The user's lists opt in (library-queries.ts); a catalogue screen is not reloaded.
        refetchOnWindowFocus: false,
        // A read that failed (or went stale) is asked again when the connection comes back.
        refetchOnReconnect: true,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Lets the connection the API client sees (lib/connection.ts) drive the cache's reconnect: the
 * backend answering again refetches what failed. Browser only; returns the unsubscribe.
 */
export function followConnection(): () => void {
  onlineManager.setEventListener((setOnline) =>
    subscribeToConnection(() => setOnline(connectionStatus() === 'online')),
  );
  return () => onlineManager.setEventListener(() => undefined);
}
