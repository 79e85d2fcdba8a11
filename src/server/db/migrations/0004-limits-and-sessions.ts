import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * Decision 0007. The login and signup limits' counters (rate-limiter-flexible's table layout: key,
 * points, expire in epoch milliseconds), so every process counts together and a restart forgets
 * nothing; the session tables (logged-out tokens, each user's session generation); and an owner
 * for the request tester's todos.
 */
export function limitsAndSessions(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('expire', dialect === 'postgres' ? 'bigint' : 'integer')
        .execute();
      // Logged-out tokens by jti, kept until they expire (epoch seconds).
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (col) => col.primaryKey())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      // 'Log out everywhere': a token is valid only with its user's current generation.
      await db.schema
        .createTable('session_generations')
        .addColumn('user_id', 'text', (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('generation', 'integer', (col) => col.notNull())
        .execute();
      // The tester's todos belong to whoever added them; the samples (null) to everyone.
      await db.schema.alterTable('todos').addColumn('owner', 'text').execute();
      await db.schema.createIndex('todos_owner').on('todos').column('owner').execute();
    },
  };
}
