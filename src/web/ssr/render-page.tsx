/**
 * Server mode's page rendering, run in Node: `vite build --ssr` bundles this file, React and the
 * app into dist/web-render/render-page.mjs (scripts/build-state.mjs), which the server loads
 * (src/server/seo/seo-answers.ts). A public page is rendered with its data, read through the
 * app's own reads from the API the server hands in, and that data goes into the page for the
 * browser's cache (first-screen-data.tsx), which then hydrates the HTML without asking again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { App, preloadPage } from '../app/app';
import { SERVER_DATA_ID, type ServerData } from '../data/first-screen-data';
import { createQueryClient } from '../data/query-client';
import { setTransport } from '../lib/api-client';
import { readFirstScreen } from './first-screen-reads';

/** Answers a request to the API as the server would answer the visitor's own. */
export type ApiFetch = (request: Request) => Promise<Response>;

/** A page as rendered: the HTML inside #root, and the script that carries its ServerData. */
export interface RenderedPage {
  html: string;
  dataScript: string;
}

/** Each render's API: renders run side by side, each for its own visitor. */
const renderApi = new AsyncLocalStorage<ApiFetch>();
setTransport((request) => {
  const fetchApi = renderApi.getStore();
  return fetchApi ? fetchApi(request) : Promise.reject(new Error('no API to render with'));
});

/** JSON that cannot end its <script> element, or open a comment, inside HTML. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page at `url` (path and query), rendered signed out with its first screen's data; undefined
 * when a read failed (a video that is not there, the database out of reach): the server then sends
 * the app's shell, and the browser asks and says what went wrong.
 */
export async function renderPage(
  url: string,
  fetchApi: ApiFetch,
  signal?: AbortSignal,
): Promise<RenderedPage | undefined> {
  return renderApi.run(fetchApi, async () => {
    const at = new URL(url, 'http://localhost');
    const client = createQueryClient();
    try {
      await readFirstScreen(client, at);
    } catch {
      return undefined;
    }
    await preloadPage(at.pathname);
    // Abandoned by the server (it took too long: the shell went out): no render at all.
    signal?.throwIfAborted();
    // Whole, not streamed (prerender: every part in, no inline script, which the CSP refuses):
    // the page is kept per catalogue version (seo-answers.ts), and a part that failed fails the
    // render (else React would leave that part to the browser, quietly).
    const failures: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <App client={client} location={at.pathname + at.search} hydrating />
      </StrictMode>,
      // One piece: a large page would otherwise go out in parts that inline scripts put together.
      {
        onError: (error) => void failures.push(error),
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Aborted, React stops at its next boundary and reports the parts left (a failure).
        signal,
      },
    );
    const html = await new Response(prelude).text();
    if (failures.length > 0) throw failures[0];
    const data: ServerData = { state: dehydrate(client), renderedAt: Date.now() };
    client.clear();
    const dataScript = `<script id="${SERVER_DATA_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
    return { html, dataScript };
  });
}
