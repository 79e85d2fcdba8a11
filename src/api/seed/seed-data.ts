import type { Category, Todo, Video } from '../../contract/entities';
import { TEST_ACCOUNT } from '../../contract/limits';
import type { PasswordHasher } from '../auth/password';
import { formatTimestamp } from '../clock';
import type { SeedData, Store } from '../store/store';
import { generateVideos } from './generated-videos';
import { seedTranscripts } from './transcripts';
import { seedVideos } from './videos';

/** product §3's three categories. */
export const seedCategories: Category[] = [
  {
    _id: 'computer-programming',
    categoryName: 'Computer Programming',
    description: 'The craft of writing programs: languages, problem solving and the fundamentals.',
  },
  {
    _id: 'frontend-development',
    categoryName: 'Frontend Development',
    description: 'Building what people see and use in the browser: HTML, CSS and JavaScript.',
  },
  {
    _id: 'backend-development',
    categoryName: 'Backend Development',
    description: 'Servers, APIs and databases: the parts of an application users never see.',
  },
];

export const seedTodos: Omit<Todo, '_id'>[] = [
  { title: 'Send a GET to /api/test-todos', completed: true },
  { title: 'POST a todo with a JSON body', completed: false },
  { title: 'DELETE a todo by its _id', completed: false },
];

/**
 * The two seed users, both with published passwords; the first is the built-in test account
 * (product §9). Neither is seeded when the demo account is off (DEMO_ACCOUNT=off, production's
 * default): the mock and development keep them.
 */
const seedUsers = [
  { firstName: 'Test', lastName: 'Learner', ...TEST_ACCOUNT },
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@codetube.dev',
    password: 'analytical-1843',
  },
];

export interface SeedOptions {
  /** Made-up videos to add after the six real ones, to try a large catalogue. */
  extraVideos?: number;
  /** False: leave out the seed users, whose passwords are published (DEMO_ACCOUNT=off). */
  demoAccount?: boolean;
}

/** The seed's videos: the six real ones, then `extraVideos` made-up ones, one at a time. */
export function* seedCatalogue(extraVideos = 0): Generator<Video> {
  yield* seedVideos;
  yield* generateVideos(extraVideos);
}

/** Builds the seed, hashing the seed users' passwords with the store's hasher. */
export async function buildSeed(
  hasher: PasswordHasher,
  now: Date,
  { extraVideos = 0, demoAccount = true }: SeedOptions = {},
): Promise<SeedData> {
  const timestamp = formatTimestamp(now);
  const users = await Promise.all(
    (demoAccount ? seedUsers : []).map(async ({ password, ...user }) => ({
      ...user,
      passwordHash: await hasher.hash(password),
      extras: {},
      createdAt: timestamp,
      updatedAt: timestamp,
    })),
  );
  return {
    videos: seedCatalogue(extraVideos),
    categories: seedCategories,
    users,
    todos: seedTodos,
    transcripts: seedTranscripts,
  };
}

/** The seed users' emails: their passwords are in this file, so anyone can log in as them. */
export const PUBLISHED_ACCOUNTS: readonly string[] = seedUsers.map((user) => user.email);

/** The seed users a database still holds (one seeded before DEMO_ACCOUNT=off left them out). */
export async function publishedAccountsIn(store: Store): Promise<string[]> {
  const found = await Promise.all(
    PUBLISHED_ACCOUNTS.map(async (email) => ((await store.findUserByEmail(email)) ? email : '')),
  );
  return found.filter(Boolean);
}

/** Seeds the store once: a store that holds data is never seeded again. */
export async function seedIfEmpty(
  store: Store,
  hasher: PasswordHasher,
  now: Date,
  options: SeedOptions = {},
): Promise<void> {
  if (await store.isEmpty()) await store.seed(await buildSeed(hasher, now, options));
}
