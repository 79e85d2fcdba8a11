import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False while the component renders on the server or hydrates the server's HTML, true from the
 * render after (and at once in a page the browser drew itself). What only the browser knows
 * (its address, its storage, a player frame) waits for it, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
