import { createPbkdf2Hasher } from '../../api/auth/password';
import { systemClock, type Clock } from '../../api/clock';
import { createApi } from '../../api/create-api';
import { seedCatalogue, seedCategories, seedIfEmpty } from '../../api/seed/seed-data';
import { MemoryStore, type MemorySnapshot } from '../../api/store/memory-store';

/** product §9: the mock signs tokens with a fixed placeholder secret. It guards nothing real. */
export const MOCK_TOKEN_SECRET = 'codetube-mock-placeholder-secret';

/** Where the mock's data lives in the browser. */
export const MOCK_STORAGE_KEY = 'codetube:mock-store';

/** VITE_SEED_VIDEOS: made-up videos for a mock build with a large catalogue (benchmarks). */
function seedVideoCount(): number {
  const count = Number(import.meta.env.VITE_SEED_VIDEOS ?? 0);
  return Number.isInteger(count) && count > 0 ? Math.min(count, 100_000) : 0;
}

/** Light hashing: the mock's users live in this browser only. */
const mockHasher = createPbkdf2Hasher(10_000);

/** The part of the Web Storage API the mock needs. */
export type SnapshotStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface MockBackend {
  /** Answers one request with the in-page API, then saves what it wrote. */
  handle(request: Request): Promise<Response>;
  /** Throws away all mock data and seeds again. */
  reset(): Promise<void>;
  /** Replaces the in-memory state with what storage holds (another tab wrote it). */
  reload(): Promise<void>;
}

/** The saved user data; a save from before the catalogue left it (version 1) is read too. */
function readSnapshot(storage: SnapshotStorage): MemorySnapshot | undefined {
  try {
    const parsed = JSON.parse(storage.getItem(MOCK_STORAGE_KEY) ?? 'null') as
      | (Omit<MemorySnapshot, 'version'> & {
          version: number;
          videos?: unknown;
          categories?: unknown;
        })
      | null;
    const valid =
      (parsed?.version === 1 || parsed?.version === 2) &&
      Array.isArray(parsed.users) &&
      Array.isArray(parsed.todos);
    if (!valid) return undefined;
    const { videos: _videos, categories: _categories, ...userData } = parsed;
    return { ...userData, version: 2 };
  } catch {
    return undefined;
  }
}

/**
 * The in-browser mock backend: the real API on a MemoryStore whose user data is saved to browser
 * storage after every write, so signups, lists and notes survive a reload. The catalogue is not
 * saved: it is rebuilt from the seed on every load, so a save stays small at any catalogue size.
 * Without storage (site data blocked) it runs on the seed and saves nothing.
 */
export async function createMockBackend(
  storage: SnapshotStorage | undefined,
  clock: Clock = systemClock,
): Promise<MockBackend> {
  let store: MemoryStore;
  let app: ReturnType<typeof createApi>;

  const save = () => {
    if (!storage) return;
    try {
      storage.setItem(MOCK_STORAGE_KEY, JSON.stringify(store.snapshot()));
    } catch (error) {
      console.warn('The mock backend could not save its data', error);
    }
  };

  async function open(snapshot: MemorySnapshot | undefined) {
    const extraVideos = seedVideoCount();
    if (snapshot) {
      const catalogue = { videos: [...seedCatalogue(extraVideos)], categories: seedCategories };
      store = new MemoryStore(snapshot, catalogue);
    } else {
      store = new MemoryStore();
      await seedIfEmpty(store, mockHasher, clock(), { extraVideos });
      save();
    }
    app = createApi({ store, secret: MOCK_TOKEN_SECRET, passwordHasher: mockHasher, clock });
  }

  await open(storage ? readSnapshot(storage) : undefined);

  return {
    async handle(request) {
      const response = await app.fetch(request);
      if (request.method !== 'GET' && request.method !== 'HEAD') save();
      return response;
    },
    reset: () => open(undefined),
    reload: () => open(storage ? readSnapshot(storage) : undefined),
  };
}
