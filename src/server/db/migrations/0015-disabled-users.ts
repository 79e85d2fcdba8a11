import type { Kysely, Migration } from 'kysely';

/**
 * Issue 28: an operator may disable an account (`npm run users -- disable`); it then cannot log
 * in. 0 for every existing user: a constant default rewrites no table on either database.
 */
export function disabledUsers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
