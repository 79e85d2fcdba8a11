import type { DatabaseLocation } from '../db/dialect';
import { openDatabase } from '../db/open-database';

/** Counts one user's rows in a table, straight from the database a server process writes to. */
export async function countUserRows(
  location: DatabaseLocation,
  table: 'likes' | 'notes' | 'playlists',
  email: string,
): Promise<number> {
  const { db, close } = openDatabase(location);
  try {
    const row = await db
      .selectFrom(table)
      .innerJoin('users', 'users.id', `${table}.user_id`)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await close();
  }
}
