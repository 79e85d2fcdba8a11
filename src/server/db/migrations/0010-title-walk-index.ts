import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * PostgreSQL walks the results page's title group in views order from an index alone.
 *
 * When many titles hold a search (`css crash`: one in 48), its first 1,001 matches are found by
 * walking the videos most viewed first and checking each title; that walk read every video's row,
 * tens of thousands of scattered pages per search (20–200 ms at a million videos). This b-tree
 * holds the views order with each folded title (`include`), so the walk reads the index only. A
 * b-tree entry holds at most about 2,700 bytes, so titles longer than 2,000 bytes stay out (the
 * index is partial); a second, partial index lists just those in views order, to be merged in
 * (catalogue-sql.ts). Migration 0008 tried such an index over all videos, which a long title
 * could not enter.
 *
 * On an existing million-video catalogue the migration took 1.3 s (57 MB); catalogue writes wait
 * for it, and so do reads when it runs in one start with 0009 (whose drops lock the table until
 * the commit). SQLite is unchanged (its ranked trigram tables, migration 0007).
 */
export function titleWalkIndex(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create index videos_views_title on videos (views desc, position)
        include (title_folded) where octet_length(title_folded) <= 2000`.execute(db);
      await sql`create index videos_views_long_title on videos (views desc, position)
        where octet_length(title_folded) > 2000`.execute(db);
    },
  };
}
