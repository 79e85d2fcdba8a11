import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../api/clock';
import { createApi } from '../../api/create-api';
import { seedIfEmpty } from '../../api/seed/seed-data';
import { testHasher } from '../../api/testing/api-harness';
import type { Logger } from '../logger';
import { createServerApp } from '../server-app';
import { createTempDir } from '../testing/test-databases';
import { databaseReadOnlyMessage } from './db-errors';
import { migrateToLatest, openDatabase, type OpenDatabase } from './open-database';
import { SqlStore } from './sql-store';

/**
 * The data folder made unreadable (`chmod 000`) and then given back, as issue 26 #8 did to a
 * server running under its own user: SQLite's open files keep committing, but the group commit's
 * first sync cannot open the log (EACCES). The tests run as root, whom chmod does not stop, so
 * the log's opening is refused here as the kernel refuses it to the server's user.
 */
const denied = vi.hoisted(() => ({ logs: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const open: typeof actual.open = (path, ...rest) =>
    denied.logs && String(path).endsWith('-wal')
      ? Promise.reject(
          Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), {
            code: 'EACCES',
          }),
        )
      : actual.open(path, ...rest);
  return { ...actual, open, default: { ...actual, open } };
});

describe('a SQLite data folder made read-only, then given back', () => {
  const dir = createTempDir();
  const errors: string[] = [];
  const log: Logger = {
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (line) => errors.push(line),
  };
  let database: OpenDatabase;
  let app: ReturnType<typeof createServerApp>;

  beforeAll(async () => {
    database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'data/app.sqlite') });
    await migrateToLatest(database);
    const store = new SqlStore(database);
    await seedIfEmpty(store, testHasher, systemClock());
    app = createServerApp({
      api: createApi({
        store,
        secret: 'x'.repeat(32),
        passwordHasher: testHasher,
        clock: systemClock,
      }),
      site: () => undefined,
      checkDatabase: async () => {},
      settleWrites: database.settleWrites,
      log,
    });
  });
  afterAll(async () => {
    denied.logs = false;
    await database.close().catch(() => {});
    await dir.drop();
  });

  const signUp = (email: string) =>
    app.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ro',
        lastName: 'Folder',
        email,
        password: 'a-fine-password-1',
      }),
    });

  it('answers 503 with Retry-After meanwhile, and writes again without a restart', async () => {
    denied.logs = true;
    const refused = await signUp('meanwhile@example.com');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ errors: [databaseReadOnlyMessage] });
    expect(errors.join('\n')).toMatch(/EACCES/);

    denied.logs = false;
    const after = await signUp('after@example.com');
    expect(after.status).toBe(201);
    const { encodedToken } = (await after.json()) as { encodedToken: string };
    const videos = (await (await app.request('/api/videos')).json()) as {
      videos: { _id: string }[];
    };
    const liked = await app.request('/api/user/likes', {
      method: 'POST',
      headers: { authorization: encodedToken, 'content-type': 'application/json' },
      body: JSON.stringify({ video: { _id: videos.videos[0]!._id } }),
    });
    expect(liked.status).toBe(201);
  });
});
