import { lazy, Suspense, useSyncExternalStore } from 'react';
import { retryingImport } from '../lib/retrying-import';
import { onToastsWanted, toastsWanted } from '../lib/toast';

const AppToasts = lazy(retryingImport(() => import('./toaster')));

/**
 * Where the toasts show (toaster.tsx). Nothing, and no code of it, until the first toast is asked
 * for (lib/toast.ts): the page's first load goes without it. A server render never has one.
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToasts />
    </Suspense>
  ) : null;
}
