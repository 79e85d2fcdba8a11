import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 28, imports from what operators have. `duration_seconds`: a video's length in whole
 * seconds, null when the catalogue does not know it (every video before this migration, and a
 * native record without `duration`). `source`: the import source that wrote the video last (a
 * yt-dlp playlist's id, or `--source <name>`), null for videos no such import wrote; an import
 * with `--prune` removes that source's videos that its file no longer holds, found on the partial
 * index (most videos have no source: the index holds only those that do). Both columns are
 * nullable without a default: adding them rewrites no table on either database.
 */
export function videoDuration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('videos').addColumn('duration_seconds', 'integer').execute();
      await db.schema.alterTable('videos').addColumn('source', 'text').execute();
      await db.schema
        .createIndex('videos_source')
        .on('videos')
        .column('source')
        .where(sql.ref('source'), 'is not', null)
        .execute();
    },
  };
}
