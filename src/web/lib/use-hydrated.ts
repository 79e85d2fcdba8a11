import { startTransition, useEffect, useState } from 'react';
import { hydrationSettled, subscribeToHydration } from './hydration';

/**
 * False while the component renders on the server or hydrates the server's HTML, true from the
 * task after the hydration's commit (hydration.ts; at once in a page the browser drew itself).
 * What only the browser knows (its address, its storage, a player frame) waits for it, so the
 * first render matches the HTML. The change is a transition (see use-media-query.ts).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(browserHydrated);
  useEffect(() => {
    const update = () => startTransition(() => setHydrated(browserHydrated()));
    update();
    return subscribeToHydration(update);
  }, []);
  return hydrated;
}

function browserHydrated(): boolean {
  return typeof window !== 'undefined' && hydrationSettled();
}
