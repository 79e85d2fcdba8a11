import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { HOME_SEARCH_SCAN } from '../../contract/limits';
import { createHarness } from '../../api/testing/api-harness';
import { openPostgresTestStore } from '../testing/open-test-store';
import { POSTGRES_HOME_SEARCH_SCAN } from './catalogue-sql';

const video = (id: string, title: string): Video => ({
  _id: id,
  title,
  channelName: 'Channel',
  views: 0,
  uploadedOn: '2024-01-01',
  avatar: '',
  description: '',
  categoryName: 'React',
});

describe("PostgreSQL's home search bound", () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestStore>>;
  let h: Awaited<ReturnType<typeof createHarness>>;
  // More candidates than PostgreSQL checks, fewer than HOME_SEARCH_SCAN: titles holding `s #` in
  // another case only (the crafted search of issue 26), then one exact match at the very end.
  const crafted = POSTGRES_HOME_SEARCH_SCAN + 1_000;

  beforeAll(async () => {
    expect(crafted).toBeLessThan(HOME_SEARCH_SCAN);
    opened = await openPostgresTestStore(inject('postgresUrl'));
    const videos = Array.from({ length: crafted }, (_, n) => video(`c${n}`, `react tips #${n}`));
    videos.push(video('last', 'Rare Gem S #1'));
    await opened.store.seed({ videos, categories: [], users: [], todos: [] });
    h = await createHarness(opened.store);
  }, 120_000);
  afterAll(() => opened?.close());

  it('checks at most POSTGRES_HOME_SEARCH_SCAN titles (each a row fetched), then says it stopped', async () => {
    const { body } = await h.call('GET', '/api/videos?search=S%20%23');
    expect(body).toEqual({ videos: [], total: 0, searchStopped: true });
    // A rare text is still found anywhere.
    const rare = await h.call('GET', '/api/videos?search=Rare%20Gem');
    expect(rare.body.videos.map((found: Video) => found._id)).toEqual(['last']);
  });
});
