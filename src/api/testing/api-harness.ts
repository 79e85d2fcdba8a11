import type { Hono } from 'hono';
import type { Video } from '../../contract/entities';
import { TEST_ACCOUNT } from '../../contract/limits';
import { createPbkdf2Hasher } from '../auth/password';
import { systemClock } from '../clock';
import { createApi, type ApiDeps } from '../create-api';
import { seedIfEmpty } from '../seed/seed-data';
import { seedVideos } from '../seed/videos';
import type { Store } from '../store/store';

export const TEST_SECRET = 'api-suite-secret';

/** Fast hashing for tests; production uses a far higher work factor. */
export const testHasher = createPbkdf2Hasher(1_000);

export interface CallOptions {
  body?: unknown;
  /** Sent as is, for malformed bodies: as JSON unless `headers` names another content-type. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // Tests read whatever shape each route answers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** An API over a seeded store, with helpers to call it as a client would. */
export async function createHarness(store: Store, overrides: Partial<ApiDeps> = {}) {
  await seedIfEmpty(store, testHasher, systemClock());
  const { authLimits, ...rest } = overrides;
  const api: Hono = createApi({
    store,
    secret: TEST_SECRET,
    passwordHasher: testHasher,
    clock: systemClock,
    ...rest,
    // Suites sign many users up from one address; the abuse suite sets the signup limit it tests.
    authLimits: { signupsPerAddress: { max: 1_000_000, windowSeconds: 3600 }, ...authLimits },
  });

  async function call(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    let body: string | undefined = options.rawBody;
    const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (body !== undefined && !typed) headers['content-type'] = 'application/json';
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await api.request(path, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  }

  let userCount = 0;
  /** Signs up a fresh user and returns their token. */
  async function signUp(overrides: Record<string, unknown> = {}) {
    userCount += 1;
    const payload = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `user-${userCount}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'cobol-1959',
      ...overrides,
    };
    const result = await call('POST', '/api/auth/signup', { body: payload });
    if (result.status !== 201) throw new Error(`signup failed: ${JSON.stringify(result.body)}`);
    return { token: result.body.encodedToken as string, user: result.body.createdUser, payload };
  }

  async function logInTestAccount() {
    const result = await call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
    return result.body.encodedToken as string;
  }

  return { api, call, signUp, logInTestAccount };
}

/** A seed video, by position. */
export function seedVideo(index: number): Video {
  const video = seedVideos[index];
  if (!video) throw new Error(`no seed video ${index}`);
  return video;
}
