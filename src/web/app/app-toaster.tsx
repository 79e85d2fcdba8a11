import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { retryingImport } from '../lib/retrying-import';
import { onToastsWanted, toastsWanted } from '../lib/toast';

const loadToaster = retryingImport(() => import('./toaster'));

/**
 * Where the toasts show (toaster.tsx). Nothing, and no code of it, until the first toast is asked
 * for (lib/toast.ts): the page's first load goes without it. A server render never has one.
 * Drawn once its file is in, without suspending: React reveals a suspended part after a timer,
 * which would hold the toast back while the page's clock stands still.
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  const [Toasts, setToasts] = useState<ComponentType>();
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void loadToaster().then(({ default: loaded }) => {
      if (current) setToasts(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return Toasts ? <Toasts /> : null;
}
