import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { raceInProcesses } from '../testing/race-processes';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { recordingLog } from '../testing/recording-log';
import { migrationsFor } from './migrations';
import { migrateToLatest, openDatabase, reusePreparedStatements } from './open-database';

describe('openDatabase on SQLite', () => {
  const dir = createTempDir();
  afterAll(dir.drop);

  it('creates the folder and the file, in WAL mode, group commit, foreign keys enforced', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'new/sub/db.sqlite') });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      // NORMAL: a commit does not wait for the disk; settleWrites syncs the log (group-commit.ts).
      expect(await pragma('synchronous')).toBe(1);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await database.close();
    }
  });

  it('refuses a file whose folder does not exist when told not to create it, creating nothing', () => {
    const path = join(dir.path, 'nonexistent/dir/x.sqlite');
    expect(() => openDatabase({ dialect: 'sqlite', path, createFolder: false })).toThrow(
      `the folder ${join(dir.path, 'nonexistent/dir')} does not exist: create it, or correct DATABASE_URL`,
    );
    expect(existsSync(join(dir.path, 'nonexistent'))).toBe(false);
  });

  it('logs each migration it applies, with its name and how long it took', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'logged.sqlite') });
    const { lines, log } = recordingLog();
    try {
      await migrateToLatest(database, log);
      const names = Object.keys(await migrationsFor('sqlite').getMigrations());
      expect(lines.map((line) => line.message.replace(/\d+ ms/, 'N ms'))).toEqual(
        names.map((name) => `migration ${name} applied in N ms`),
      );
      expect(lines[0]!.fields).toMatchObject({ migration: names[0], ms: expect.any(Number) });
      lines.length = 0;
      await migrateToLatest(database, log);
      expect(lines).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('creates the folder 0700 and the file, its log and its shared memory 0600', async () => {
    // Whatever the process's umask lets through: the default 022 would give 0755 and 0644.
    const umask = process.umask(0o022);
    const path = join(dir.path, 'private/data/db.sqlite');
    const database = openDatabase({ dialect: 'sqlite', path });
    try {
      await migrateToLatest(database);
      await sql`insert into meta (key, value) values ('mode-test', 'x')`.execute(database.db);
      const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
      expect(mode(join(dir.path, 'private/data'))).toBe('700');
      expect(mode(join(dir.path, 'private'))).toBe('700');
      expect([path, `${path}-wal`, `${path}-shm`].map(mode)).toEqual(['600', '600', '600']);
    } finally {
      process.umask(umask);
      await database.close();
    }
  });

  it('lets processes starting at once on a new file migrate it one after the other', async () => {
    const rounds = 12;
    // Every process opens and migrates file r at the same moment, for r = 0 … rounds - 1.
    const outcomes = await raceInProcesses({
      racers: 4,
      rounds,
      gapMs: 150,
      module: new URL('./open-database.ts', import.meta.url),
      imports: ['openDatabase', 'migrateToLatest'],
      work: `const database = openDatabase({ dialect: 'sqlite', path: ${JSON.stringify(dir.path)} + '/race-' + round + '.sqlite' });
        try { await migrateToLatest(database); return 'migrated'; } finally { await database.close(); }`,
    });
    for (const results of outcomes) {
      expect(results).toEqual(Array.from({ length: rounds }, () => 'migrated'));
    }
    const check = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'race-0.sqlite') });
    try {
      const meta = await check.db.selectFrom('meta').selectAll().orderBy('key').execute();
      expect(meta).toEqual([
        { key: 'catalogue_version', value: 'initial' },
        { key: 'video_count', value: '0' },
      ]);
    } finally {
      await check.close();
    }
  }, 60_000);

  it('migrates once: a second run on the same file has nothing to do and keeps the data', async () => {
    const path = join(dir.path, 'twice.sqlite');
    const first = openDatabase({ dialect: 'sqlite', path });
    await migrateToLatest(first);
    await first.db.insertInto('meta').values({ key: 'k', value: 'v' }).execute();
    await first.close();
    const second = openDatabase({ dialect: 'sqlite', path });
    try {
      await migrateToLatest(second);
      const meta = await second.db.selectFrom('meta').selectAll().orderBy('key').execute();
      expect(meta).toEqual([
        { key: 'catalogue_version', value: 'initial' },
        { key: 'k', value: 'v' },
        { key: 'video_count', value: '0' },
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('prepared statements', () => {
  it('SQLite compiles a text once and reuses it, but not while it is busy', () => {
    const database = new BetterSqlite3(':memory:');
    reusePreparedStatements(database);
    try {
      database.exec('create table t (n integer); insert into t values (1), (2)');
      const first = database.prepare('select n from t where n >= ?');
      expect(database.prepare('select n from t where n >= ?')).toBe(first);
      const rows = first.iterate(0);
      rows.next();
      const meanwhile = database.prepare('select n from t where n >= ?');
      expect(meanwhile).not.toBe(first);
      expect(meanwhile.all(2)).toEqual([{ n: 2 }]);
      rows.return?.();
      expect(database.prepare('select n from t where n >= ?')).toBe(first);
    } finally {
      database.close();
    }
  });

  it('PostgreSQL names parameterised queries, so a connection prepares each once', async () => {
    const target = await createPostgresDatabase(inject('postgresUrl'));
    const database = openDatabase({ dialect: 'postgres', url: target.url });
    try {
      await database.db.connection().execute(async (db) => {
        for (const key of ['a', 'b', 'c']) {
          await sql`select ${key}::text as key`.execute(db);
        }
        const prepared = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where name like 'codetube_%'`.execute(db);
        expect(prepared.rows.map((row) => row.statement)).toEqual(['select $1::text as key']);
      });
    } finally {
      await database.close();
      await target.drop();
    }
  });
});

describe('the figures the metrics read (issue 42 #9)', () => {
  it("reports SQLite's read pool and every query's time", async () => {
    const dir = createTempDir();
    const database = openDatabase(
      { dialect: 'sqlite', path: join(dir.path, 'figures.sqlite') },
      { readThreads: 2 },
    );
    try {
      const timed: number[] = [];
      database.observeQueries((seconds) => timed.push(seconds));
      await sql`select 1`.execute(database.db);
      await sql`select 2`.execute(database.reads);
      expect(timed).toHaveLength(2);
      expect(timed.every((seconds) => seconds >= 0)).toBe(true);
      expect(database.poolCounts()).toEqual({ totalCount: 2, idleCount: 2, waitingCount: 0 });
    } finally {
      await database.close();
      await dir.drop();
    }
  });

  it("reports PostgreSQL's pool", async () => {
    const created = await createPostgresDatabase(inject('postgresUrl'));
    const database = openDatabase({ dialect: 'postgres', url: created.url }, { poolSize: 3 });
    try {
      const timed: number[] = [];
      database.observeQueries((seconds) => timed.push(seconds));
      await sql`select 1`.execute(database.db);
      expect(timed).toHaveLength(1);
      expect(database.poolCounts()).toEqual({ totalCount: 1, idleCount: 1, waitingCount: 0 });
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
