import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { foldForSearch } from '../../api/catalogue/search-text';
import type { DatabaseLocation, SqlDialectName } from './dialect';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

/** An open database: the Kysely instance, which dialect it speaks, and how to close it. */
export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: SqlDialectName;
  close: () => Promise<void>;
  /** The driver underneath, for the rate limiter's counters (sql-counters.ts). */
  driver: { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; pool: pg.Pool };
}

/** How long a SQLite writer waits for another connection's lock before giving up. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** Connections per server process; several processes share one PostgreSQL (README). */
const POSTGRES_POOL_SIZE = 10;

function openSqlite(path: string): OpenDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new BetterSqlite3(path);
  // WAL: readers never block the writer. synchronous=FULL: a commit is on disk before it is
  // acknowledged, so an acknowledged write survives a crash of the process or of the machine.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // The results page's case- and accent-blind comparison, the same rule as the in-page store's.
  database.function('codetube_fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldForSearch(value) : value,
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy(), driver: { dialect: 'sqlite', path } };
}

function openPostgres(url: string): OpenDatabase {
  // A request waits at most 5 s for a connection: with PostgreSQL away it answers 503 instead.
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  // Nor one that loses it while checked out between queries (PostgreSQL stopping): its next
  // query fails instead, which the API answers with a 503, and the pool connects anew.
  pool.on('connect', (client) =>
    client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message)),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    driver: { dialect: 'postgres', pool },
  };
}

/** Opens the database DATABASE_URL names (no migrations yet: see `migrateToLatest`). */
export function openDatabase(location: DatabaseLocation): OpenDatabase {
  return location.dialect === 'sqlite' ? openSqlite(location.path) : openPostgres(location.url);
}

/**
 * Applies every pending migration. On PostgreSQL, Kysely holds an advisory lock meanwhile, so
 * several processes starting at once migrate one after the other.
 */
export async function migrateToLatest({ db, dialect }: OpenDatabase): Promise<void> {
  // Unordered: migrations written on parallel branches (0003, 0004) apply in any order.
  const migrator = new Migrator({
    db,
    provider: migrationsFor(dialect),
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
}
