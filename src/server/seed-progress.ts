import { seedVideos } from '../api/seed/videos';
import type { SeedData, Store } from '../api/store/store';
import type { Logger } from './logger';

/** A seed with at least this many made-up videos (SEED_VIDEOS) logs its progress. */
const LOGGED_SEED = 10_000;

/**
 * The store, whose first seed logs its progress when SEED_VIDEOS makes it long (minutes at a
 * million videos, which would otherwise look like a start that hangs): a line when it starts, one
 * every tenth of the videos read into the database, and one with the whole seed's time.
 */
export function logSeedProgress(
  store: Store,
  extraVideos: number,
  log: Pick<Logger, 'info'>,
): Store {
  if (extraVideos < LOGGED_SEED) return store;
  const seed = async (data: SeedData) => {
    // The real videos, then the made-up ones (seedCatalogue).
    const total = seedVideos.length + extraVideos;
    const step = Math.ceil(total / 10);
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    log.info(`seeding an empty database with ${total} videos`);
    function* counted(videos: SeedData['videos']) {
      let read = 0;
      for (const video of videos) {
        yield video;
        read += 1;
        if (read % step === 0 || read === total) {
          log.info(
            `seed: ${read} of ${total} videos (${Math.round((read / total) * 100)}%) in ${seconds()} s`,
          );
        }
      }
    }
    await store.seed({ ...data, videos: counted(data.videos) });
    log.info(`seeded ${total} videos in ${seconds()} s`);
  };
  // Every other member is the store's own, called on the store itself.
  return new Proxy(store, {
    get: (target, key) => {
      if (key === 'seed') return seed;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
