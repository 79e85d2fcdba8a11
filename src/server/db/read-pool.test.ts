import { sql } from 'kysely';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteTestStore } from '../testing/open-test-store';
import { createTempDir } from '../testing/test-databases';
import {
  databaseReadOnlyMessage,
  databaseUnavailable,
  databaseUnreachableMessage,
  READ_THREAD_LOST,
} from './db-errors';
import { migrateToLatest, openDatabase, type OpenDatabase } from './open-database';
import { ReadPool } from './read-pool';

/** A read that keeps its thread busy for a while (a count to some millions), whatever the data. */
const SLOW_READ = `with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000)
  select count(*) as counted from n`;

/** The rejection of a promise that must reject. */
async function failure(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the read to fail');
}

describe('SQLite read pool', () => {
  let dir: ReturnType<typeof createTempDir>;
  let database: OpenDatabase;
  const pools: ReadPool[] = [];
  /** A pool of its own on the test's file, closed after the test. */
  const poolOf = (size: number) => {
    const pool = new ReadPool({ path: join(dir.path, 'reads.sqlite'), busyTimeoutMs: 1_000 }, size);
    pools.push(pool);
    return pool;
  };

  beforeEach(async () => {
    dir = createTempDir();
    database = openDatabase(
      { dialect: 'sqlite', path: join(dir.path, 'reads.sqlite') },
      {
        readThreads: 2,
      },
    );
    await migrateToLatest(database);
  });
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.close();
    await database.close();
    await dir.drop();
  });

  it('reads through Kysely on its own connections, and sees each write of the server at once', async () => {
    expect(database.reads).not.toBe(database.db);
    for (let round = 0; round < 20; round += 1) {
      await database.db
        .insertInto('meta')
        .values({ key: `round-${round}`, value: String(round) })
        .execute();
      const row = await database.reads
        .selectFrom('meta')
        .select('value')
        .where('key', '=', `round-${round}`)
        .executeTakeFirst();
      expect(row?.value).toBe(String(round));
    }
  });

  it('answers a quick read while a slow one still runs on another thread', async () => {
    const pool = poolOf(2);
    // Both threads started and their connections open.
    await Promise.all([pool.run('select 1', []), pool.run('select 1', [])]);
    expect(pool.threadIds()).toHaveLength(2);
    const answered: string[] = [];
    const slow = pool.run(SLOW_READ, []).then(() => answered.push('slow'));
    const quick = pool.run('select 1', []).then(() => answered.push('quick'));
    await Promise.all([slow, quick]);
    expect(answered).toEqual(['quick', 'slow']);
  });

  it('keeps a read waiting for a free thread, first come first served', async () => {
    const pool = poolOf(1);
    const answered: number[] = [];
    await Promise.all(
      [1, 2, 3].map((value) =>
        pool.run('select ? as value', [value]).then((rows) => answered.push(...rows.map(valueOf))),
      ),
    );
    expect(answered).toEqual([1, 2, 3]);
    expect(pool.threadIds()).toHaveLength(1);
  });

  it("keeps SQLite's error codes, so bad reads and refused writes answer as on the server's connection", async () => {
    const pool = poolOf(1);
    const bad = await failure(pool.run('select * from no_such_table', []));
    expect(bad.code).toBe('SQLITE_ERROR');
    expect(bad.message).toContain('no_such_table');
    expect(databaseUnavailable(bad)).toBeUndefined();
    // The threads' connections never write.
    const write = await failure(pool.run("insert into meta (key, value) values ('x', 'y')", []));
    expect(write.code).toMatch(/^SQLITE_READONLY/);
    expect(databaseUnavailable(write)).toBe(databaseReadOnlyMessage);
    // A failed statement leaves its thread serving.
    expect(await pool.run('select 2 as value', [])).toEqual([{ value: 2 }]);
  });

  it('fails the read of a thread that stops with a 503, and starts another thread for the next', async () => {
    const pool = poolOf(1);
    await pool.run('select 1', []);
    const [first] = pool.threadIds();
    const running = failure(pool.run(SLOW_READ, []));
    await pool.stopThread(first!);
    const lost = await running;
    expect(lost.code).toBe(READ_THREAD_LOST);
    expect(databaseUnavailable(lost)).toBe(databaseUnreachableMessage);
    expect(await pool.run('select 3 as value', [])).toEqual([{ value: 3 }]);
    expect(pool.threadIds()).toHaveLength(1);
    expect(pool.threadIds()).not.toContain(first);
  });

  it('on close lets the running read finish, fails those waiting and later ones, and ends its threads', async () => {
    const pool = poolOf(1);
    await pool.run('select 1', []);
    const running = pool.run(SLOW_READ, []);
    const waiting = failure(pool.run('select 1', []));
    await pool.close();
    expect(await running).toEqual([{ counted: 3_000_000 }]);
    expect((await waiting).code).toBe(READ_THREAD_LOST);
    expect((await failure(pool.run('select 1', []))).code).toBe(READ_THREAD_LOST);
    expect(pool.threadIds()).toEqual([]);
  });

  it("ends with the database: close() stops the read threads after the server's writes settle", async () => {
    const own = openDatabase(
      { dialect: 'sqlite', path: join(dir.path, 'reads.sqlite') },
      { readThreads: 1 },
    );
    await sql`select 1`.execute(own.reads);
    await own.close();
    expect((await failure(sql`select 1`.execute(own.reads))).message).toMatch(/destroyed/);
  });
});

describe('the catalogue on the read pool', () => {
  it('serves a video to searches and pages as soon as it is added', async () => {
    const opened = await openSqliteTestStore(undefined, { readThreads: 2 });
    try {
      const video = {
        _id: 'pool-1',
        title: 'Threads Explained',
        channelName: 'Pool Channel',
        views: 5,
        uploadedOn: '2024-01-01',
        avatar: 'https://example.com/a.png',
        description: 'Readers beside the writer',
        categoryName: 'Node',
      };
      for (let round = 0; round < 5; round += 1) {
        const _id = `pool-${round}`;
        await opened.store.upsertVideos([{ ...video, _id, title: `Threads Explained ${round}` }]);
        const found = await opened.store.searchVideos(`threads explained ${round}`, {
          offset: 0,
          limit: 10,
        });
        expect(found.videos.map((each) => each._id)).toEqual([_id]);
        const page = await opened.store.queryVideos({
          search: `Explained ${round}`,
          offset: 0,
          limit: 10,
        });
        expect(page.videos.map((each) => each._id)).toEqual([_id]);
      }
      expect(await opened.store.categoryNames()).toEqual(['Node']);
    } finally {
      await opened.close();
    }
  });
});

function valueOf(row: unknown): number {
  return (row as { value: number }).value;
}
