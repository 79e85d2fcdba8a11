import { useSyncExternalStore } from 'react';
import { hydrationSettled, subscribeToHydration } from './hydration';

/**
 * Whether a CSS media query matches now; re-renders when that changes. The server cannot know
 * (false), so a hydrating page reads false too until its hydration has settled (hydration.ts).
 * `watched` false: always false, and nothing re-renders (a component that needs the query only
 * in some uses: a change would otherwise render it, and all it holds, again for nothing).
 */
export function useMediaQuery(query: string, watched = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!watched) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      const settled = subscribeToHydration(onChange);
      return () => {
        list.removeEventListener('change', onChange);
        settled();
      };
    },
    () => watched && hydrationSettled() && window.matchMedia(query).matches,
    () => false,
  );
}

/** Phone widths: lists the user keeps show compact rows there. */
export const PHONE_QUERY = '(max-width: 599px)';

/** The width from which the layout is the desktop one (fixed side nav, wider texts). */
export const DESKTOP_QUERY = '(min-width: 900px)';
