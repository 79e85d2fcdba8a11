import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type LogConfig,
} from 'kysely';
import type { ReadPool } from './read-pool';
import type { Database } from './schema';

/**
 * Kysely on SQLite's read pool (read-pool.ts): every query is one statement on the next free read
 * thread, so the catalogue's reads keep their Kysely code and run off the event loop. There are no
 * transactions here (a statement has its thread only while it runs): writes, and anything that
 * must see a transaction's own changes, go through the server's connection.
 */
export function readPoolDatabase(pool: ReadPool, log?: LogConfig): Kysely<Database> {
  return new Kysely<Database>({ dialect: new ReadPoolDialect(pool), log });
}

class ReadPoolDialect implements Dialect {
  constructor(private readonly pool: ReadPool) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new ReadPoolDriver(this.pool);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}

const noTransactions = () =>
  Promise.reject(new Error('the SQLite read pool runs single statements, not transactions'));

class ReadPoolDriver implements Driver {
  private readonly connection: DatabaseConnection;

  constructor(private readonly pool: ReadPool) {
    this.connection = new ReadPoolConnection(pool);
  }
  async init() {}
  /** One connection object for all: each statement finds its own thread in the pool. */
  async acquireConnection() {
    return this.connection;
  }
  async releaseConnection() {}
  beginTransaction = noTransactions;
  commitTransaction = noTransactions;
  rollbackTransaction = noTransactions;
  destroy() {
    return this.pool.close();
  }
}

class ReadPoolConnection implements DatabaseConnection {
  constructor(private readonly pool: ReadPool) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.run(query.sql, query.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite read pool does not stream');
  }
}
