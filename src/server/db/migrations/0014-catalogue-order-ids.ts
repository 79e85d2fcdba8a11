import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * The sitemaps read the catalogue's ids in catalogue order from an offset (Store.catalogueIds).
 * PostgreSQL skips the rows before the offset on an index-only scan of this index, never their
 * table rows. SQLite's index on position already skips without reading rows: unchanged.
 */
export function catalogueOrderIds(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create index videos_position_id on videos (position) include (id)`.execute(db);
    },
  };
}
