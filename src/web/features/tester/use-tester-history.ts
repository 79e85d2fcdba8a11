import { useCallback, useEffect, useRef, useState } from 'react';
import { localStore } from '../../lib/safe-storage';
import {
  HISTORY_STORAGE_KEY,
  readTesterHistory,
  withEntry,
  writeTesterHistory,
  type HistoryEntry,
} from './tester-history';
import { withoutAuthorization } from '../../lib/tester-history-authorization';

/**
 * The request history, kept in localStorage and in step with other tabs of the app. When the
 * session ends (`sessionToken` turns null), its entries lose their authorization values.
 */
export function useTesterHistory(sessionToken: string | null = null) {
  const [entries, setEntries] = useState(() => readTesterHistory(localStore));

  const hadSession = useRef(sessionToken !== null);
  useEffect(() => {
    if (hadSession.current && sessionToken === null)
      setEntries((current) => current.map(withoutAuthorization));
    hadSession.current = sessionToken !== null;
  }, [sessionToken]);

  // React runs a pending effect before it unmounts the tester, so a request sent just before
  // the tester closes is still written.
  useEffect(() => {
    // Writing what another tab wrote is a no-op for storage (equal values fire no event).
    writeTesterHistory(localStore, entries);
  }, [entries]);

  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === HISTORY_STORAGE_KEY || event.key === null) {
        setEntries(readTesterHistory(localStore));
      }
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);

  const record = useCallback((entry: HistoryEntry) => {
    setEntries((current) => withEntry(current, entry));
  }, []);
  const clear = useCallback(() => setEntries([]), []);

  return { entries, record, clear };
}
