import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, FRESH_FOR_MS } from './query-client';
import { SERVER_DATA_ID, takeServerData, type ServerData } from './first-screen-data';

const KEY = ['GET /api/videos', { query: { offset: 0, limit: 24 } }];

/** The data script of a page the server rendered `ageMs` ago and has kept since. */
function renderedPage(ageMs: number) {
  const renderedAt = Date.now() - ageMs;
  vi.setSystemTime(renderedAt);
  const server = new QueryClient();
  server.setQueryData(KEY, { videos: [] });
  const data: ServerData = { state: dehydrate(server), renderedAt };
  vi.setSystemTime(renderedAt + ageMs);
  const script = document.createElement('script');
  script.id = SERVER_DATA_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.body.append(script);
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a page the server rendered a while ago (its catalogue unchanged since)', () => {
  it('hands its answers over as current as the page load: the app asks for none of them again', () => {
    vi.useFakeTimers();
    renderedPage(10 * 60_000);
    const rendered = takeServerData();
    expect(rendered).toBeDefined();
    const client = createQueryClient();
    hydrate(client, rendered!.state);
    const query = client.getQueryCache().find({ queryKey: KEY });
    expect(query?.state.dataUpdatedAt).toBe(Date.now());
    expect(query?.isStaleByTime(FRESH_FOR_MS)).toBe(false);
  });
});
