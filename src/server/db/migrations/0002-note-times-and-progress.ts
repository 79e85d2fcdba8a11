import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * Timed notes (the moment in the video a note was started at) and each user's position per video,
 * for resuming and 'Continue watching'. One row per user and video: saving again moves it.
 */
export function noteTimesAndProgress(dialect: SqlDialectName): Migration {
  const seconds = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notes').addColumn('time_seconds', seconds).execute();
      await db.schema
        .createTable('progress')
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('video_id', 'text', (col) =>
          col.notNull().references('videos.id').onDelete('cascade'),
        )
        .addColumn('seconds', seconds, (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('progress_pk', ['user_id', 'video_id'])
        .execute();
    },
  };
}
