import { describe, expect, it } from 'vitest';
import { buildSeed } from '../api/seed/seed-data';
import type { SeedData, Store } from '../api/store/store';
import type { Logger } from './logger';
import { logSeedProgress } from './seed-progress';

const fastHasher = {
  hash: async (password: string) => `hash:${password}`,
  verify: async () => true,
};

/** A store whose seed reads every video, as the SQL store's batches do. */
function readingStore(): Store & { seeded: number } {
  const store = {
    seeded: 0,
    isEmpty: async () => true,
    seed: async (data: SeedData) => {
      for (const video of data.videos) if (video) store.seeded += 1;
    },
  };
  return store as unknown as Store & { seeded: number };
}

function lines(): { log: Logger; messages: string[] } {
  const messages: string[] = [];
  const push = (message: string) => void messages.push(message);
  return { log: { debug: push, info: push, warn: push, error: push }, messages };
}

describe('logSeedProgress', () => {
  it('logs a long seed every tenth of its videos, then how long the whole seed took', async () => {
    const inner = readingStore();
    const { log, messages } = lines();
    const store = logSeedProgress(inner, 99_994, log);
    await store.seed(await buildSeed(fastHasher, new Date(), { extraVideos: 99_994 }));
    expect(inner.seeded).toBe(100_000);
    expect(messages[0]).toBe('seeding an empty database with 100000 videos');
    expect(messages.slice(1, -1)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((tenth) =>
        expect.stringMatching(
          new RegExp(
            `^seed: ${tenth * 10_000} of 100000 videos \\(${tenth * 10}%\\) in [\\d.]+ s$`,
          ),
        ),
      ),
    );
    expect(messages.at(-1)).toMatch(/^seeded 100000 videos in [\d.]+ s$/);
  });

  it('says nothing of a small seed (the six videos)', async () => {
    const { log, messages } = lines();
    const store = logSeedProgress(readingStore(), 0, log);
    await store.seed(await buildSeed(fastHasher, new Date()));
    expect(messages).toEqual([]);
  });
});
