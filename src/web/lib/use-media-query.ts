import { startTransition, useEffect, useState } from 'react';
import { hydrationSettled, subscribeToHydration } from './hydration';

/**
 * Whether a CSS media query matches now; re-renders when that changes. The server cannot know
 * (false), so a hydrating page reads false too until its hydration has settled (hydration.ts).
 * Changes come as transitions: rendered in slices that yield to the browser, never in one
 * synchronous render (useSyncExternalStore's way: every card of a grid at once, in one long
 * task on a phone). `watched` false: always false, and nothing re-renders (a component that needs
 * the query only in some uses).
 */
export function useMediaQuery(query: string, watched = true): boolean {
  const [matches, setMatches] = useState(() => watched && browserMatches(query));
  useEffect(() => {
    const update = () => startTransition(() => setMatches(watched && browserMatches(query)));
    // What changed between the render and now (the hydration settled, the window was resized).
    update();
    if (!watched) return;
    const list = window.matchMedia(query);
    list.addEventListener('change', update);
    const stopSettling = subscribeToHydration(update);
    return () => {
      list.removeEventListener('change', update);
      stopSettling();
    };
  }, [query, watched]);
  return matches;
}

/** The browser's answer once the page is the app's; the server's (false) before. */
function browserMatches(query: string): boolean {
  return typeof window !== 'undefined' && hydrationSettled() && window.matchMedia(query).matches;
}

/** Phone widths: lists the user keeps show compact rows there. */
export const PHONE_QUERY = '(max-width: 599px)';

/** The width from which the layout is the desktop one (fixed side nav, wider texts). */
export const DESKTOP_QUERY = '(min-width: 900px)';
