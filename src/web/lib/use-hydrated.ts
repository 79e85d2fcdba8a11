import { useSyncExternalStore } from 'react';
import { hydrationSettled, subscribeToHydration } from './hydration';

/**
 * False while the component renders on the server or hydrates the server's HTML, true from the
 * task after the hydration's commit (hydration.ts; at once in a page the browser drew itself).
 * What only the browser knows (its address, its storage, a player frame) waits for it, so the
 * first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToHydration, hydrationSettled, () => false);
}
