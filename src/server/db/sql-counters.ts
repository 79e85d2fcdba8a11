import BetterSqlite3 from 'better-sqlite3';
import {
  RateLimiterPostgres,
  RateLimiterSQLite,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Counter, CounterFactory, CounterState } from '../../api/http/counters';
import type { OpenDatabase } from './open-database';

/** The table migration 0004 creates. */
const TABLE = 'rate_limits';
/** Counters never refuse by themselves (the API compares counts): a ceiling no key reaches. */
const NO_CEILING = 2 ** 30;

const stateOf = (res: RateLimiterRes): CounterState => ({
  count: res.consumedPoints,
  msBeforeReset: Math.max(0, res.msBeforeNext),
});

/**
 * The API's counters on the server's own database through rate-limiter-flexible: its SQLite store
 * (on a connection of its own, so it never lands inside a transaction of the store) or its
 * PostgreSQL store (on the server's pool). Every process sharing the database counts together,
 * and a restart forgets nothing. Returns the factory and a close for the SQLite connection.
 */
export function sqlCounters(database: OpenDatabase): {
  counters: CounterFactory;
  close: () => void;
} {
  const { driver } = database;
  let connection: BetterSqlite3.Database | undefined;
  if (driver.dialect === 'sqlite') {
    connection = new BetterSqlite3(driver.path);
    connection.pragma('busy_timeout = 5000');
    // Counters need no fsync per request (better-sqlite3 would block the event loop for it):
    // in WAL mode NORMAL still survives a crash of the process, only a power cut may lose the
    // last few counts.
    connection.pragma('synchronous = NORMAL');
  }
  const made = new Map<string, Counter>();
  const limiterFor = (name: string): RateLimiterAbstract => {
    const options = {
      keyPrefix: name,
      points: NO_CEILING,
      duration: 60,
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: true,
    };
    return connection
      ? new RateLimiterSQLite({ ...options, storeClient: connection, storeType: 'better-sqlite3' })
      : new RateLimiterPostgres({
          ...options,
          storeClient: (driver as { pool: unknown }).pool,
          storeType: 'pool',
        });
  };
  const counters: CounterFactory = (name) => {
    const existing = made.get(name);
    if (existing) return existing;
    const limiter = limiterFor(name);
    const counter: Counter = {
      async add(key, points, windowSeconds) {
        const options = { customDuration: windowSeconds };
        const res =
          points >= 0
            ? await limiter.penalty(key, points, options)
            : await limiter.reward(key, -points, options);
        return stateOf(res);
      },
      async get(key) {
        const res = await limiter.get(key);
        return res ? stateOf(res) : undefined;
      },
      async delete(key) {
        await limiter.delete(key);
      },
      async deleteStartingWith(prefix) {
        // rate-limiter-flexible keeps a key as `<counter's name>:<key>` (its keyPrefix).
        const start = limiter.getKey(prefix);
        if (connection) {
          connection
            .prepare(`delete from ${TABLE} where substr(key, 1, length(?)) = ?`)
            .run(start, start);
        } else {
          await (
            driver as { pool: { query: (text: string, values: unknown[]) => Promise<unknown> } }
          ).pool.query(`delete from ${TABLE} where substr(key, 1, length($1)) = $1`, [start]);
        }
      },
    };
    made.set(name, counter);
    return counter;
  };
  return { counters, close: () => connection?.close() };
}
