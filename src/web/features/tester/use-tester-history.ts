import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
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

  // Written as the list is drawn: an effect after the paint would be dropped, with the request,
  // if the tester closed first (Preact runs no pending effect of an unmounted component).
  useLayoutEffect(() => {
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
