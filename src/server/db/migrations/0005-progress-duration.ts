import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * The video's length beside the saved position (null when the player did not know it), so
 * 'Continue watching' can show how much of a video was watched.
 */
export function progressDuration(dialect: SqlDialectName): Migration {
  const seconds = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('progress').addColumn('duration_seconds', seconds).execute();
    },
  };
}
