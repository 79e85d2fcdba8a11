import { useEffect } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
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

/**
 * The page's ServerData, when the server rendered it: the clock reads the render's time until the
 * first render is done (a card's "3 days ago" reads as the server wrote it); the screens find
 * their first page in the cache (under the page load's history entry, 'default').
 */
export function takeServerData(): ServerData | undefined {
  const element = document.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as ServerData;
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
 * Ends the first screen's special cases: the clock runs after the first render (and the page's
 * `data-rendered`, which says the HTML is the server's, goes). The server's data stays with the
 * page load's history entry: a list screen shown on another entry asks afresh.
 */
export function FirstScreenData() {
  useEffect(() => {
    pinClock(undefined);
    // The server's HTML is the app's now (hydrated): what waits for that can tell.
    document.documentElement.removeAttribute('data-rendered');
    settleHydration();
  }, []);
  return null;
}
