import { createPbkdf2Hasher } from '../../api/auth/password';
import { systemClock, type Clock } from '../../api/clock';
import { createApi } from '../../api/create-api';
import { sampleCourses } from '../../api/seed/sample-course';
import { seedCatalogue, seedCategories, seedIfEmpty } from '../../api/seed/seed-data';
import { seedTranscripts } from '../../api/seed/transcripts';
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

/** The part of the Web Storage API the mock needs; a write that cannot be done throws. */
export type SnapshotStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * What a write answers when its data cannot be saved in the browser (localStorage is full): it
 * did not happen, as any failed write (README, "Mock mode and server mode").
 */
export const STORAGE_FULL_STATUS = 507;
export const STORAGE_FULL_MESSAGE =
  "The browser's storage is full, so the change was not saved. Free some space (clear this site's data) and try again.";

export interface MockBackend {
  /**
   * Answers one request with the in-page API, then saves what it wrote; a write that cannot be
   * saved is undone and answers 507 (STORAGE_FULL_MESSAGE).
   */
  handle(request: Request): Promise<Response>;
  /** Throws away all mock data and seeds again. */
  reset(): Promise<void>;
  /** Replaces the in-memory state with what storage holds (another tab wrote it). */
  reload(): Promise<void>;
}

const storageFull = () =>
  Response.json(
    { errors: [STORAGE_FULL_MESSAGE] },
    { status: STORAGE_FULL_STATUS, statusText: 'Insufficient Storage' },
  );

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
  /** The user data as last saved (or as it started): what storage and the store agree on. */
  let saved = '';
  /** Writes, resets and reloads run one at a time, so an undo puts back exactly one write. */
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const turn = queue.then(task);
    queue = turn.catch(() => undefined);
    return turn;
  };

  /** Saves the store's user data; false when storage refused it (full). */
  const save = (): boolean => {
    const data = JSON.stringify(store.snapshot());
    if (data === saved) return true;
    try {
      storage?.setItem(MOCK_STORAGE_KEY, data);
    } catch {
      return false;
    }
    saved = data;
    return true;
  };

  async function open(snapshot: MemorySnapshot | undefined) {
    const extraVideos = seedVideoCount();
    if (snapshot) {
      const catalogue = {
        videos: [...seedCatalogue(extraVideos)],
        categories: seedCategories,
        courses: sampleCourses,
        transcripts: seedTranscripts,
      };
      store = new MemoryStore(snapshot, catalogue);
      saved = JSON.stringify(store.snapshot());
    } else {
      store = new MemoryStore();
      await seedIfEmpty(store, mockHasher, clock(), { extraVideos });
      await store.upsertCourses(sampleCourses);
      // Storage full: the seed is simply made again on the next load.
      if (!save()) saved = JSON.stringify(store.snapshot());
    }
    app = createApi({ store, secret: MOCK_TOKEN_SECRET, passwordHasher: mockHasher, clock });
  }

  async function write(request: Request): Promise<Response> {
    const response = await app.fetch(request);
    if (save()) return response;
    store.restore(JSON.parse(saved) as MemorySnapshot);
    return storageFull();
  }

  await open(storage ? readSnapshot(storage) : undefined);

  return {
    async handle(request) {
      if (request.method === 'GET' || request.method === 'HEAD') return app.fetch(request);
      return inTurn(() => write(request));
    },
    reset: () => inTurn(() => open(undefined)),
    reload: () => inTurn(() => open(storage ? readSnapshot(storage) : undefined)),
  };
}
