import { Migrator } from 'kysely';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { seedVideos } from '../../api/seed/videos';
import type { DatabaseLocation } from './dialect';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { videoRow } from './catalogue-sql';
import { migrationsFor } from './migrations';
import { migrateToLatest, openDatabase } from './open-database';
import { SqlStore } from './sql-store';

const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps) await cleanUp();
});

const locations: { name: string; open: () => Promise<DatabaseLocation> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const dir = createTempDir();
      cleanUps.push(dir.drop);
      return { dialect: 'sqlite', path: join(dir.path, 'old.sqlite') };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const database = await createPostgresDatabase(inject('postgresUrl'));
      cleanUps.push(database.drop);
      return { dialect: 'postgres', url: database.url };
    },
  },
];

describe.each(locations)('migration 0016 on a $name catalogue that holds videos', ({ open }) => {
  it('leaves their duration unknown and their source unset, then keeps both', async () => {
    const location = await open();
    const database = openDatabase(location);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: migrationsFor(location.dialect),
      });
      expect((await migrator.migrateTo('0015-disabled-users')).error).toBeUndefined();
      const [first, second] = seedVideos;
      await database.db
        .insertInto('videos')
        .values([videoRow(first!, 0), videoRow(second!, 1)])
        .execute();

      await migrateToLatest(database);
      const store = new SqlStore(database);
      // Read as before: no duration at all (not null).
      expect(await store.getVideo(first!._id)).toEqual(first);
      expect(await store.videoIdsOfSource('yt-dlp:PL1')).toEqual([]);

      await store.upsertVideos([{ ...second!, duration: 95 }], 'yt-dlp:PL1');
      expect(await store.getVideo(second!._id)).toEqual({ ...second, duration: 95 });
      expect(await store.videoIdsOfSource('yt-dlp:PL1')).toEqual([second!._id]);
    } finally {
      await database.close();
    }
  });
});
