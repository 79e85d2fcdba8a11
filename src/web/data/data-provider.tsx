import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { onReadAgain, onUserDataWritten } from '../lib/api-client';
import { localStore } from '../lib/safe-storage';
import { LibraryQueries } from './library';
import { createQueryClient, followConnection } from './query-client';
import { isUserKey } from './reads';

/** The storage key a tab writes after it changed the user's lists, so the others load them again. */
const LIBRARY_CHANGED_KEY = 'codetube:library-changed';

/**
 * The query cache for this mount of the app (a test or a server render passes its own), with what
 * keeps it true: the connection coming back, another tab's writes, the signed-in user's lists.
 */
export function DataProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={own}>
      <CacheInvalidations />
      <LibraryQueries />
      {children}
    </QueryClientProvider>
  );
}

/**
 * The cache's invalidations from outside: the API client's reachability drives its reconnect, a
 * write to the user's lists in another tab of this browser marks them stale here (loaded again at
 * once, quietly), and a write this tab's copy was behind for reads that list again.
 */
function CacheInvalidations() {
  const client = useQueryClient();
  useEffect(() => followConnection(), []);
  useEffect(() => {
    onUserDataWritten(() => {
      localStore.setItem(LIBRARY_CHANGED_KEY, `${Date.now()}:${Math.random()}`);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LIBRARY_CHANGED_KEY) return;
      void client.invalidateQueries({ predicate: (query) => isUserKey(query.queryKey) });
    };
    window.addEventListener('storage', onStorage);
    onReadAgain((route) =>
      client.refetchQueries({
        predicate: (query) => isUserKey(query.queryKey) && query.queryKey[0] === route,
      }),
    );
    return () => {
      onUserDataWritten(() => {});
      onReadAgain(async () => {});
      window.removeEventListener('storage', onStorage);
    };
  }, [client]);
  return null;
}
