import { useSyncExternalStore } from 'react';
import { hydrationSettled, subscribeToHydration } from './hydration';

/**
 * Whether a CSS media query matches now; re-renders when that changes. The server cannot know
 * (false), so a hydrating page reads false too until its hydration has settled (hydration.ts).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      const settled = subscribeToHydration(onChange);
      return () => {
        list.removeEventListener('change', onChange);
        settled();
      };
    },
    () => hydrationSettled() && window.matchMedia(query).matches,
    () => false,
  );
}

/** Phone widths: lists the user keeps show compact rows there. */
export const PHONE_QUERY = '(max-width: 599px)';

/** The width from which the layout is the desktop one (fixed side nav, wider texts). */
export const DESKTOP_QUERY = '(min-width: 900px)';
