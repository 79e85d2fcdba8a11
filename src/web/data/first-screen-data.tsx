import { useEffect, useState } from 'react';
import { useQueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { pinClock } from '../lib/format';
import { settleHydration } from '../lib/hydration';

/**
 * The data a server-rendered page was rendered with (server mode, ssr/render-page.tsx): the query
 * cache's answers, dehydrated into a JSON script in the HTML, and the time it was rendered at.
 */
export interface ServerData {
  state: DehydratedState;
  renderedAt: number;
}

/** The id of the <script type="application/json"> that carries a rendered page's ServerData. */
export const SERVER_DATA_ID = 'codetube-data';

/** Whether this page load's HTML came rendered with its data, until the first navigation. */
let serverRendered = false;

/**
 * The page's ServerData, when the server rendered it: the clock reads the render's time until the
 * first render is done (a card's "3 days ago" reads as the server wrote it), and the screens read
 * their first page from the cache (useFirstScreenData) until the first navigation.
 */
export function takeServerData(): ServerData | undefined {
  const element = document.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as ServerData;
    serverRendered = true;
    pinClock(data.renderedAt);
    return { ...data, state: asOfPageLoad(data.state, Date.now()) };
  } catch {
    return undefined;
  }
}

/**
 * The server keeps a rendered page only while the catalogue keeps the version it was rendered at
 * (src/server/seo/seo-answers.ts): its answers are as current as the page load that brought
 * them, however long ago they were rendered. Dated so, the app does not ask for every one of them
 * again (and draw the page twice more) as soon as it has hydrated a page rendered a minute ago.
 */
function asOfPageLoad(state: DehydratedState, loadedAt: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: Math.max(query.state.dataUpdatedAt, loadedAt) },
    })),
  };
}

/**
 * The answer under `key` in the cache if this is the first screen of a server-rendered page (or
 * the server render itself): its first render shows what the HTML shows, asking for nothing. Read
 * once, when the screen mounts.
 */
export function useFirstScreenData<T>(key: QueryKey | undefined): T | undefined {
  const client = useQueryClient();
  const { key: entry } = useLocation();
  const [data] = useState(() => {
    const firstScreen = typeof window === 'undefined' || (serverRendered && entry === 'default');
    return firstScreen && key ? client.getQueryData<T>(key) : undefined;
  });
  return data;
}

/**
 * Ends the first screen's special cases: the clock runs after the first render (and the page's
 * `data-rendered`, which says the HTML is the server's, goes), and the first navigation leaves
 * the server's data behind (a screen shown later asks afresh).
 */
export function FirstScreenData() {
  const { key } = useLocation();
  useEffect(() => {
    pinClock(undefined);
    // The server's HTML is the app's now (hydrated): what waits for that can tell.
    document.documentElement.removeAttribute('data-rendered');
    settleHydration();
  }, []);
  useEffect(() => {
    if (key !== 'default') serverRendered = false;
  }, [key]);
  return null;
}
