import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/** Each list table and the users column that counts its writes. */
export const listVersionColumns = {
  likes: 'likes_version',
  history: 'history_version',
  watch_later: 'watch_later_version',
} as const;

/**
 * Decision 0021. Every user row counts the writes to each of the user's video lists: a trigger
 * on each list table moves the count in the same transaction as the write (adds, removals, a
 * cleared history, and the rows a removed video takes with it), whoever writes. The session
 * check reads the counts, so a server can tell whether a list's answer it kept is still the
 * list, in any process, without reading the list. Existing users start at 0: adding a column
 * with a constant default rewrites no table on either database.
 */
export function listVersions(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, column] of Object.entries(listVersionColumns)) {
        await db.schema
          .alterTable('users')
          .addColumn(column, dialect === 'postgres' ? 'bigint' : 'integer', (col) =>
            col.notNull().defaultTo(0),
          )
          .execute();
        if (dialect === 'postgres') await postgresTriggers(db, table, column);
        else await sqliteTriggers(db, table, column);
      }
    },
  };
}

/** SQLite's triggers run once per row. */
async function sqliteTriggers(db: Kysely<unknown>, table: string, column: string) {
  const bump = (users: string) =>
    sql.raw(`update users set ${column} = ${column} + 1 where id in (${users});`);
  await sql`create trigger ${sql.raw(`${table}_version_insert`)} after insert on ${sql.table(table)}
    begin ${bump('new.user_id')} end`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_version_update`)} after update on ${sql.table(table)}
    begin ${bump('old.user_id, new.user_id')} end`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_version_delete`)} after delete on ${sql.table(table)}
    begin ${bump('old.user_id')} end`.execute(db);
}

/**
 * PostgreSQL's run once per statement, over the rows it changed: clearing a long history moves
 * the count once, not once per row.
 */
async function postgresTriggers(db: Kysely<unknown>, table: string, column: string) {
  const bumpUsers = async (name: string, users: string) => {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        update users set ${sql.raw(column)} = ${sql.raw(column)} + 1
          where id in (${sql.raw(users)});
        return null;
      end $$`.execute(db);
  };
  const bump = `codetube_bump_${column}`;
  // An update may move a row from one user to another: both users' lists changed.
  const bumpMoved = `codetube_bump_moved_${column}`;
  await bumpUsers(bump, 'select user_id from changed_rows');
  await bumpUsers(bumpMoved, 'select user_id from old_rows union select user_id from changed_rows');
  for (const [event, rows, fn] of [
    ['insert', 'new table as changed_rows', bump],
    ['update', 'old table as old_rows new table as changed_rows', bumpMoved],
    ['delete', 'old table as changed_rows', bump],
  ] as const) {
    await sql`create trigger ${sql.raw(`${table}_version_${event}`)}
      after ${sql.raw(event)} on ${sql.table(table)}
      referencing ${sql.raw(rows)}
      for each statement execute function ${sql.raw(fn)}()`.execute(db);
  }
}
