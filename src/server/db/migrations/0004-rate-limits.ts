import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * The login and signup limits' counters (rate-limiter-flexible's table layout: key, points,
 * expire in epoch milliseconds), so every process counts together and a restart forgets nothing.
 */
export function rateLimits(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('expire', dialect === 'postgres' ? 'bigint' : 'integer')
        .execute();
    },
  };
}
