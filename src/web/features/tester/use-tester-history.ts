import { useCallback, useEffect, useState } from 'react';
import { localStore } from '../../lib/safe-storage';
import {
  HISTORY_STORAGE_KEY,
  readTesterHistory,
  withEntry,
  writeTesterHistory,
  type HistoryEntry,
} from './tester-history';

/** The request history, kept in localStorage and in step with other tabs of the app. */
export function useTesterHistory() {
  const [entries, setEntries] = useState(() => readTesterHistory(localStore));

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
