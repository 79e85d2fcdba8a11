import type { Kysely, Migration } from 'kysely';

/**
 * A channel's page: its videos in catalogue order, found and counted on an index of
 * (channel_name, position) rather than by reading the catalogue.
 */
export function videosByChannel(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('videos_channel_position')
        .on('videos')
        .columns(['channel_name', 'position'])
        .execute();
    },
  };
}
