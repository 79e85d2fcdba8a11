import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type LogConfig,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { POOL_EXHAUSTED } from './db-errors';
import { DEFAULT_POSTGRES_POOL_SIZE } from './pool-size';
import type { DatabaseLocation, SqlDialectName } from './dialect';
import { fileSync, SharedSync } from './group-commit';
import { migrationsFor } from './migrations';
import { preparedQueries, type PrepareQuery } from './prepared-queries';
import { ReadPool } from './read-pool';
import { readPoolDatabase } from './read-pool-dialect';
import type { Database } from './schema';
import type { Logger } from '../logger';
import { addSearchFold } from './sqlite-fold';
import { refuseForeignDataFolder } from '../data-owner';

/** An open database: the Kysely instance, which dialect it speaks, and how to close it. */
export interface OpenDatabase {
  db: Kysely<Database>;
  /**
   * Where the catalogue's reads go: SQLite's read pool when it has threads (read-pool.ts),
   * otherwise `db` itself.
   */
  reads: Kysely<Database>;
  dialect: SqlDialectName;
  /** Finishes pending writes (settleWrites) and closes. */
  close: () => Promise<void>;
  /**
   * Resolves once every write this process committed before the call is on disk: what an answer
   * to a request that wrote waits for. SQLite commits without waiting for the disk and syncs its
   * log here, once for many commits (group-commit.ts); a PostgreSQL commit is durable when it
   * returns, so there it resolves at once.
   */
  settleWrites: () => Promise<void>;
  /** The hot reads, compiled once and run on the driver (prepared-queries.ts). */
  prepare: PrepareQuery;
  /**
   * The connections the catalogue's reads share, for the metrics: PostgreSQL's pool, SQLite's read
   * threads; undefined for SQLite without a read pool.
   */
  poolCounts: () => { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  /**
   * Tells `listener` how long each query through Kysely took, in seconds (the metrics; one
   * listener, the last given). Prepared queries (prepared-queries.ts) are not counted.
   */
  observeQueries: (listener: (seconds: number) => void) => void;
  /** The driver underneath, for the rate limiter's counters (sql-counters.ts). */
  driver: { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; pool: pg.Pool };
}

/**
 * Prepared statements kept per process. Kysely asks the driver to prepare every query it runs;
 * the app's queries are a few hundred texts, so each is prepared once and reused (beyond this
 * many, the least recently used is dropped).
 */
const STATEMENT_CACHE_SIZE = 500;

/** What tests may ask of an opened database. */
export interface OpenOptions {
  /**
   * Told of every statement sent to the database, whichever way it goes (Kysely or a prepared
   * query): what tests count queries by. Costs a call per statement; the server sets none.
   */
  onStatement?: (sql: string) => void;
  /**
   * SQLite: threads of the read pool that run the catalogue's reads (SQLITE_READ_THREADS); 0 or
   * unset: they run on the server's connection. An in-memory database has no pool.
   */
  readThreads?: number;
  /** PostgreSQL: connections this process keeps at most (DATABASE_POOL_SIZE; default 10). */
  poolSize?: number;
}

/** How long a SQLite writer waits for another connection's lock before giving up. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/**
 * How long a request waits for a connection (the pool full and busy: then 503 "pool exhausted")
 * or for a new one to open (PostgreSQL out of reach: 503 "not reachable").
 */
const POSTGRES_ACQUIRE_TIMEOUT_MS = 3_000;
/** pg-pool's error for a wait in its queue that timed out. */
const POOL_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';

/**
 * Puts the file in WAL mode (a no-op once it is) and says whether it is. Switching a new file
 * needs an exclusive lock for a moment, and SQLite answers SQLITE_BUSY at once rather than wait
 * when another process starting at the same moment holds it: tried again for up to the busy
 * timeout.
 */
function switchToWal(database: BetterSqlite3.Database): boolean {
  const until = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return database.pragma('journal_mode = WAL', { simple: true }) === 'wal';
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > until) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/**
 * The file holds emails and password hashes: only the server's user may read it. The folders this
 * creates are 0700 and a new file 0600, before SQLite opens it; SQLite gives its log (-wal) and
 * shared memory (-shm) the file's own mode. An existing file keeps the mode it has (README).
 */
function createPrivately(path: string, createFolder: boolean): void {
  if (!createFolder && !existsSync(dirname(path))) {
    throw new Error(
      `the folder ${dirname(path)} does not exist: create it, or correct DATABASE_URL`,
    );
  }
  if (!existsSync(path)) refuseForeignDataFolder(dirname(path), path);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // 'a': creates the file when missing and never truncates one that is there.
  closeSync(openSync(path, 'a', 0o600));
}

function openSqlite(
  { path, createFolder = true }: { path: string; createFolder?: boolean },
  { onStatement, readThreads = 0 }: OpenOptions,
): OpenDatabase {
  if (path !== ':memory:') createPrivately(path, createFolder);
  const database = new BetterSqlite3(
    path,
    onStatement ? { verbose: (sql) => onStatement(String(sql)) } : {},
  );
  // WAL: readers never block the writer. synchronous=NORMAL: a commit does not wait for the disk
  // (it survives a crash of the process at once); settleWrites makes it survive a crash of the
  // machine before it is acknowledged, one sync of the log for many commits (group-commit.ts).
  // Where WAL cannot be used (an in-memory database), each commit waits for the disk as before.
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const wal = switchToWal(database);
  database.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
  database.pragma('foreign_keys = ON');
  addSearchFold(database);
  reusePreparedStatements(database);
  const timing = queryTiming();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: timing.log });
  const readPool =
    wal && readThreads > 0
      ? new ReadPool({ path, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS }, readThreads)
      : undefined;
  const reads = readPool ? readPoolDatabase(readPool, timing.log) : db;
  const log = fileSync(`${path}-wal`);
  const shared = new SharedSync(log.sync);
  const settleWrites = async () => {
    if (!wal) return;
    // Through Kysely, which runs it between transactions: the count covers committed work only.
    const { rows } = await sql<{ changes: number }>`select total_changes() as changes`.execute(db);
    await shared.settle(Number(rows[0]?.changes ?? 0));
  };
  return {
    db,
    reads,
    dialect: 'sqlite',
    settleWrites,
    prepare: preparedQueries({ dialect: 'sqlite', database, db }),
    close: async () => {
      try {
        await settleWrites();
      } finally {
        // The read threads first: their statements finish before the file is closed here.
        if (reads !== db) await reads.destroy();
        await db.destroy();
        await log.close();
      }
    },
    driver: { dialect: 'sqlite', path },
    poolCounts: () => readPool?.counts,
    observeQueries: timing.observe,
  };
}

function openPostgres(
  url: string,
  { onStatement, poolSize = DEFAULT_POSTGRES_POOL_SIZE }: OpenOptions,
): OpenDatabase {
  const statementNames = new Map<string, string>();
  // A request waits at most 3 s for a connection: with PostgreSQL away, or every connection
  // busy, it answers 503 instead.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POSTGRES_ACQUIRE_TIMEOUT_MS,
  });
  tellPoolExhausted(pool, poolSize);
  // Once this process closes the database, a connection that ends on the way is no news.
  let closing = false;
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => {
    if (!closing) console.error('PostgreSQL pool error:', error.message);
  });
  // Nor one that loses it while checked out between queries (PostgreSQL stopping): its next
  // query fails instead, which the API answers with a 503, and the pool connects anew.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!closing) console.error('PostgreSQL connection lost:', error.message);
    });
    nameParameterisedQueries(client, statementNames);
    if (onStatement) reportStatements(client, onStatement);
  });
  const timing = queryTiming();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timing.log });
  return {
    db,
    reads: db,
    dialect: 'postgres',
    settleWrites: async () => {},
    close: () => {
      closing = true;
      return db.destroy();
    },
    prepare: preparedQueries({ dialect: 'postgres', pool }),
    driver: { dialect: 'postgres', pool },
    poolCounts: () => ({
      totalCount: pool.totalCount,
      idleCount: pool.idleCount,
      waitingCount: pool.waitingCount,
    }),
    observeQueries: timing.observe,
  };
}

/** Kysely's log of every query (its duration), passed on to the listener the metrics set. */
function queryTiming(): { log: LogConfig; observe: OpenDatabase['observeQueries'] } {
  let listener: ((seconds: number) => void) | undefined;
  return {
    log: (event) => listener?.(event.queryDurationMillis / 1000),
    observe: (given) => {
      listener = given;
    },
  };
}

/**
 * pg-pool says "timeout exceeded when trying to connect" for every wait in its queue that timed
 * out: when every connection was open and busy, this process had too much in flight (a full
 * pool), and the error becomes POOL_EXHAUSTED (503 "too many database requests", logged as
 * "pool exhausted"); while connections were still being opened, PostgreSQL is slow or away and
 * it stays a database out of reach (db-errors.ts).
 */
function tellPoolExhausted(pool: pg.Pool, poolSize: number): void {
  let open = 0;
  pool.on('connect', () => (open += 1));
  pool.on('remove', () => (open -= 1));
  const classify = (error: unknown): unknown =>
    error instanceof Error && error.message === POOL_WAIT_TIMED_OUT && open >= poolSize
      ? Object.assign(
          new Error(
            `pool exhausted: all ${poolSize} connections stayed busy for ` +
              `${POSTGRES_ACQUIRE_TIMEOUT_MS} ms`,
            { cause: error },
          ),
          { code: POOL_EXHAUSTED },
        )
      : error;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((callback?: (error: unknown, ...rest: unknown[]) => void) => {
    if (typeof callback === 'function') {
      return connect((error: unknown, ...rest: unknown[]) => callback(classify(error), ...rest));
    }
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw classify(error);
    });
  }) as pg.Pool['connect'];
}

/**
 * better-sqlite3 compiles a statement on every `prepare`; Kysely calls it for every query. Here
 * `prepare` answers the statement it compiled before for the same text, unless that one is busy
 * (an iteration still open on it), least recently used dropped past STATEMENT_CACHE_SIZE.
 */
export function reusePreparedStatements(database: BetterSqlite3.Database): void {
  const compile = database.prepare.bind(database);
  const statements = new Map<string, BetterSqlite3.Statement>();
  database.prepare = ((source: string) => {
    const known = statements.get(source);
    if (known && !known.busy) {
      statements.delete(source);
      statements.set(source, known);
      return known;
    }
    const statement = compile(source);
    if (known) return statement;
    statements.set(source, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) {
      statements.delete(statements.keys().next().value as string);
    }
    return statement;
  }) as BetterSqlite3.Database['prepare'];
}

/**
 * The SQLSTATE of "cached plan must not change result type": another process migrated a table
 * (a rolling deploy) after this connection prepared a named statement that reads it. The code
 * (feature_not_supported) covers other refusals too; for those the unnamed retry fails the same
 * way and that error is what the caller gets.
 */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * A text search: its best plan depends on the pattern (a rare text is read through its trigram
 * index, a common one by walking the catalogue), which a named statement's generic plan (what
 * PostgreSQL settles on after five runs) cannot know: a rare text's home search took 470 ms of
 * database CPU at a million videos with it, 5 ms planned for its own pattern.
 */
const PATTERN_QUERY = /\blike\b/i;

/**
 * PostgreSQL parses and plans an unnamed statement every time; a named one once per connection.
 * Queries with parameters (the app's own, never multi-statement migration scripts) get a name
 * from their text: the first STATEMENT_CACHE_SIZE texts in a process, the rest stay unnamed so
 * that no connection holds an unbounded number of statements. Text searches (LIKE) stay unnamed:
 * each is planned for its own pattern. A named statement that a migration elsewhere has outdated
 * is run again unnamed, and stays unnamed on that connection.
 */
export function nameParameterisedQueries(client: pg.ClientBase, names: Map<string, string>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const outdated = new Set<string>();
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      PATTERN_QUERY.test(text)
    ) {
      return query(...args);
    }
    let name = names.get(text);
    if (name === undefined && names.size < STATEMENT_CACHE_SIZE) {
      name = `codetube_${names.size}`;
      names.set(text, name);
    }
    if (name === undefined || outdated.has(name) || typeof args[2] === 'function') {
      return query(...args);
    }
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      outdated.add(name);
      return query(text, values);
    });
  }) as pg.ClientBase['query'];
}

/** Tells `onStatement` of each query the client sends (its text), then sends it. */
function reportStatements(client: pg.PoolClient, onStatement: (sql: string) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    onStatement(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
    return query(...args);
  }) as pg.PoolClient['query'];
}

/**
 * What GET /api/health asks of the database: one query answered, and on PostgreSQL a pool that is
 * not exhausted. While requests wait for a connection and every one the pool may open is busy,
 * it fails at once (a load balancer's check would otherwise queue with them and, once served,
 * say all is well while most requests get 503).
 */
export async function checkDatabaseHealth(database: OpenDatabase): Promise<void> {
  if (database.driver.dialect === 'postgres') {
    const { pool } = database.driver;
    const max = pool.options.max ?? DEFAULT_POSTGRES_POOL_SIZE;
    if (pool.waitingCount > 0 && pool.idleCount === 0 && pool.totalCount >= max) {
      throw Object.assign(
        new Error(
          `pool exhausted: all ${max} connections busy, ${pool.waitingCount} ` +
            `request${pool.waitingCount === 1 ? '' : 's'} waiting`,
        ),
        { code: POOL_EXHAUSTED },
      );
    }
  }
  await sql`select 1`.execute(database.db);
}

/** Opens the database DATABASE_URL names (no migrations yet: see `migrateToLatest`). */
export function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): OpenDatabase {
  return location.dialect === 'sqlite'
    ? openSqlite(location, options)
    : openPostgres(location.url, options);
}

/**
 * Applies every pending migration, all or none. Several processes starting at once migrate one
 * after the other: on PostgreSQL Kysely holds an advisory lock meanwhile; on SQLite, whose
 * Kysely lock only guards one connection, the whole run is one `begin immediate` transaction,
 * which takes the file's write lock before the migrations table is read.
 */
export async function migrateToLatest(
  { db, dialect }: OpenDatabase,
  log?: Pick<Logger, 'info'>,
): Promise<void> {
  const migratorProps = (on: Kysely<Database>) => ({
    db: on,
    provider: timedMigrations(migrationsFor(dialect), log),
    // Unordered: migrations written on parallel branches (0003, 0004) apply in any order.
    allowUnorderedMigrations: true,
  });
  if (dialect === 'postgres') {
    await runMigrations(new Migrator(migratorProps(db)));
    return;
  }
  await db.connection().execute(async (connection) => {
    await beginImmediate(connection);
    try {
      await runMigrations(
        new Migrator({ ...migratorProps(connection), disableTransactions: true }),
      );
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/**
 * The migrations, each logging one line once applied: its name and how long it took (a long
 * one on a large catalogue otherwise looks like a start that hangs).
 */
function timedMigrations(
  provider: MigrationProvider,
  log: Pick<Logger, 'info'> | undefined,
): MigrationProvider {
  if (!log) return provider;
  return {
    getMigrations: async () => {
      const timed: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(await provider.getMigrations())) {
        timed[name] = {
          ...migration,
          up: async (db) => {
            const started = performance.now();
            await migration.up(db);
            const ms = Math.round(performance.now() - started);
            log.info(`migration ${name} applied in ${ms} ms`, { migration: name, ms });
          },
        };
      }
      return timed;
    },
  };
}

/** Each migration the server ships, in order, with when it was applied (undefined: pending). */
export async function migrationStatus({
  db,
  dialect,
}: OpenDatabase): Promise<{ name: string; appliedAt: Date | undefined }[]> {
  const migrator = new Migrator({
    db,
    provider: migrationsFor(dialect),
    allowUnorderedMigrations: true,
  });
  const migrations = await migrator.getMigrations();
  return migrations.map(({ name, executedAt }) => ({ name, appliedAt: executedAt }));
}

async function runMigrations(migrator: Migrator): Promise<void> {
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
}

/** How long a SQLite process waits for another one's migrations (a rebuild can take minutes). */
const MIGRATION_WAIT_MS = 30 * 60_000;

/** Takes the write lock, waiting out another process's migrations (SQLITE_BUSY) meanwhile. */
async function beginImmediate(connection: Kysely<Database>): Promise<void> {
  const until = Date.now() + MIGRATION_WAIT_MS;
  for (;;) {
    try {
      await sql`begin immediate`.execute(connection);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
