import { Migrator } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { createPostgresDatabase } from '../testing/test-databases';
import { videoRow } from './catalogue-sql';
import { migrationsFor } from './migrations';
import { migrateToLatest, openDatabase } from './open-database';
import { SqlStore } from './sql-store';

const greek = (id: string, title: string, description = ''): Video => ({
  _id: id,
  title,
  channelName: 'Ελληνικά',
  views: 1,
  uploadedOn: '2025-01-01',
  avatar: '',
  description,
  categoryName: 'Greek',
});

describe('migration 0013 on a PostgreSQL catalogue folded before it', () => {
  it('finds final sigma by either sigma in texts stored before the migration', async () => {
    const server = await createPostgresDatabase(inject('postgresUrl'));
    const database = openDatabase({ dialect: 'postgres', url: server.url });
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationsFor('postgres') });
      expect((await migrator.migrateTo('0012-video-reference-indexes')).error).toBeUndefined();
      await database.db
        .insertInto('videos')
        .values([
          videoRow(greek('title', 'ο λόγος'), 0),
          videoRow(greek('text', 'Other', 'για τον Οδυσσέα και τους φίλους'), 1),
        ])
        .execute();

      await database.db
        .updateTable('meta')
        .set({ value: 'old' })
        .where('key', '=', 'catalogue_version')
        .execute();
      const version = () =>
        database.db
          .selectFrom('meta')
          .select('value')
          .where('key', '=', 'catalogue_version')
          .executeTakeFirstOrThrow();

      await migrateToLatest(database);

      // Other servers' kept answers of the old fold are left behind with the old version.
      expect((await version()).value).not.toBe('old');

      const store = new SqlStore(database);
      const found = async (text: string) =>
        (await store.searchVideos(text, { offset: 0, limit: 10 })).videos.map((v) => v._id);
      expect(await found('ΛΟΓΟΣ')).toEqual(['title']);
      expect(await found('λογοσ')).toEqual(['title']);
      expect(await found('ΤΟΥΣ ΦΙΛΟΥΣ')).toEqual(['text']);
    } finally {
      await database.close();
      await server.drop();
    }
  });
});
