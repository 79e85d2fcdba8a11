import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * A read built and compiled by Kysely once, run with new parameters: each call costs the
 * database's work and little else (no query building, no compiling, no connection lock).
 */
export type PreparedQuery<Params extends string[], Row> = (...params: Params) => Promise<Row[]>;

/** Prepares a read: see `preparedQueries`. */
export type PrepareQuery = <Params extends string[], Row>(
  build: (...params: Params) => Compilable<Row>,
) => PreparedQuery<Params, Row>;

/** Runs a compiled read's SQL with parameters on the driver, answering its rows. */
type RunRows = (sql: string, parameters: unknown[]) => unknown[] | Promise<unknown[]>;

/** Where a prepared read runs: the database underneath Kysely. */
export type PreparedQueriesDriver =
  | {
      dialect: 'sqlite';
      database: BetterSqlite3.Database;
      /** The Kysely instance on `database`: reads wait for its transactions (see below). */
      db: Pick<Kysely<never>, 'executeQuery'>;
    }
  | { dialect: 'postgres'; pool: pg.Pool };

/**
 * SQLite: the statement better-sqlite3 keeps for the text (open-database.ts), run at once on
 * the calling thread. Kysely shares the one connection between queries with a lock, and a
 * transaction holds that lock across awaits: a read run beside it would run inside it and see
 * what it has not committed (or will roll back). While a transaction is open the read goes
 * through Kysely instead, so it waits for the transaction's end like any other query.
 */
function sqliteRows(
  database: BetterSqlite3.Database,
  db: Pick<Kysely<never>, 'executeQuery'>,
): RunRows {
  return (sql, parameters) => {
    if (database.inTransaction) {
      return db
        .executeQuery(CompiledQuery.raw(sql, parameters))
        .then((result) => result.rows as unknown[]);
    }
    return database.prepare(sql).all(parameters);
  };
}

/**
 * PostgreSQL: one query on a pooled connection, as Kysely runs it; the connection names the
 * statement from its text (open-database.ts), so each connection parses and plans it once.
 */
function postgresRows(pool: pg.Pool): RunRows {
  return async (sql, parameters) => {
    const client = await pool.connect();
    try {
      return (await client.query(sql, parameters)).rows as unknown[];
    } finally {
      client.release();
    }
  };
}

/**
 * Prepares reads for the driver. `build` runs once, given a stand-in text for each parameter;
 * its query is compiled, and each stand-in's places among the compiled parameters are kept. A
 * call then runs that SQL with the caller's values in those places. The stand-ins must reach
 * the database as parameters (not folded into the SQL text), and the query must be a select:
 * both are checked here, once. Not for use inside a transaction's callback (on SQLite the read
 * would wait for the very transaction that waits for it): a transaction has its own `trx`.
 */
export function preparedQueries(driver: PreparedQueriesDriver): PrepareQuery {
  const rows =
    driver.dialect === 'sqlite'
      ? sqliteRows(driver.database, driver.db)
      : postgresRows(driver.pool);
  return <Params extends string[], Row>(build: (...params: Params) => Compilable<Row>) => {
    // Compiled at the first call: a process that never runs the query never builds it.
    let run: PreparedQuery<Params, Row> | undefined;
    return (...params: Params) => (run ??= compile(build, rows))(...params);
  };
}

function compile<Params extends string[], Row>(
  build: (...params: Params) => Compilable<Row>,
  rows: RunRows,
): PreparedQuery<Params, Row> {
  const nonce = Math.random().toString(36).slice(2);
  const standIns = Array.from({ length: build.length }, (_, i) => `\u0000param-${nonce}-${i}`);
  const { query, sql, parameters } = build(...(standIns as Params)).compile();
  if (query.kind !== 'SelectQueryNode') {
    throw new Error(`a prepared query must be a select: ${sql}`);
  }
  // For each compiled parameter: the index of the caller's value in its place, or -1 (a constant).
  const places = parameters.map((value) => standIns.indexOf(value as string));
  standIns.forEach((standIn, index) => {
    if (!places.includes(index) || sql.includes(standIn)) {
      throw new Error(`parameter ${index} must reach the database as a parameter: ${sql}`);
    }
  });
  return async (...params: Params) => {
    const values = places.map((place, i) => (place < 0 ? parameters[i] : params[place]));
    return (await rows(sql, values)) as Row[];
  };
}
