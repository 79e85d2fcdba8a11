import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { videoReferences } from './migrations/0012-video-reference-indexes';

/**
 * Removing a video deletes its rows in every table that names it (foreign-key cascade): each
 * such table must find them through an index on video_id, not by reading the whole table.
 */
describe('the rows that name a video are found through an index', () => {
  it.each(videoReferences)('on SQLite: %s', async (table) => {
    const opened = await openSqliteTestStore();
    try {
      const { rows } = await sql<{ detail: string }>`explain query plan
        delete from ${sql.table(table)} where video_id = ${'some-video'}`.execute(
        opened.database.db,
      );
      expect(rows.map((row) => row.detail).join('\n')).toMatch(
        new RegExp(`USING (COVERING )?INDEX ${table}_video `),
      );
    } finally {
      await opened.close();
    }
  });

  it.each(videoReferences)('on PostgreSQL: %s', async (table) => {
    const opened = await openPostgresTestStore(inject('postgresUrl'));
    try {
      // Empty tables: a whole-table read would be cheapest, so the planner is told not to.
      const plan = await opened.database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
          delete from ${sql.table(table)} where video_id = ${'some-video'}`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`${table}_video`);
    } finally {
      await opened.close();
    }
  });
});
