/**
 * Whether the server's HTML has been taken over (hydrated) and settled. While a page hydrates,
 * what only the browser knows (a media query, a player frame: use-media-query.ts, use-hydrated.ts)
 * reads as the server rendered it; once the hydration has committed, those values change in a
 * task of their own. React's own way, a store whose browser value differs from the server's,
 * re-renders them synchronously inside the hydration's commit: one long task on a slow phone.
 */
let settled = true;
const listeners = new Set<() => void>();

/** The page is about to hydrate server HTML (main.tsx, before hydrateRoot). */
export function beginHydration(): void {
  settled = false;
}

/** The hydration has committed (an effect of the app's root): the browser's values, next task. */
export function settleHydration(): void {
  if (settled) return;
  setTimeout(() => {
    settled = true;
    for (const listener of [...listeners]) listener();
  }, 0);
}

/** Whether the browser's own values may show (always, in a page the browser drew itself). */
export function hydrationSettled(): boolean {
  return settled;
}

/** Calls `listener` when the hydration settles; returns the unsubscribe. */
export function subscribeToHydration(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
