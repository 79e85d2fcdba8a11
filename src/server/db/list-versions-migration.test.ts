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

describe.each(locations)('migration 0011 on a $name database with users and lists', ({ open }) => {
  it("counts every later write to a list, whoever makes it, from the user's rows as they were", async () => {
    const location = await open();
    const database = openDatabase(location);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: migrationsFor(location.dialect),
        allowUnorderedMigrations: true,
      });
      expect((await migrator.migrateTo('0008-folded-text-columns')).error).toBeUndefined();
      const [first, second] = seedVideos;
      await database.db
        .insertInto('videos')
        .values([videoRow(first!, 0), videoRow(second!, 1)])
        .execute();
      await database.db
        .insertInto('users')
        .values({
          id: 'old-user',
          email: 'old@example.com',
          first_name: 'Ada',
          last_name: 'Lovelace',
          password_hash: 'hash',
          extras: '{}',
          created_at: '2026-01-01T00:00:00+00:00',
          updated_at: '2026-01-01T00:00:00+00:00',
        })
        .execute();
      const like = (videoId: string) => ({
        user_id: 'old-user',
        video_id: videoId,
        added_at: '2026-01-01T00:00:00+00:00',
      });
      await database.db
        .insertInto('likes')
        .values([like(first!._id), like(second!._id)])
        .execute();

      await migrateToLatest(database);

      const store = new SqlStore(database);
      const versions = async () => (await store.findSession('old-user', 'jti'))!.listVersions;
      const start = await versions();
      expect(start.likes).toMatch(/^0:/);
      expect((await store.listVideosIn('old-user', 'likes')).map((v) => v._id)).toEqual([
        first!._id,
        second!._id,
      ]);

      // Statements written by hand, not by the store: the database itself counts them.
      await database.db.deleteFrom('likes').where('video_id', '=', first!._id).execute();
      const removed = await versions();
      expect(removed.likes).not.toBe(start.likes);
      expect(removed.history).toBe(start.history);
      // A video deleted from the catalogue takes its list rows with it (on delete cascade).
      await database.db.deleteFrom('videos').where('id', '=', second!._id).execute();
      const cascaded = await versions();
      expect(cascaded.likes).not.toBe(removed.likes);
      expect(cascaded.watchlater).toBe(start.watchlater);
      expect(await store.listVideosIn('old-user', 'likes')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("a list row moved from one user to another by hand changes both users' versions", async () => {
    const location = await open();
    const database = openDatabase(location);
    try {
      await migrateToLatest(database);
      const [video] = seedVideos;
      await database.db.insertInto('videos').values(videoRow(video!, 0)).execute();
      const user = (id: string) => ({
        id,
        email: `${id}@example.com`,
        first_name: 'A',
        last_name: 'B',
        password_hash: 'hash',
        extras: '{}',
        created_at: '2026-01-01T00:00:00+00:00',
        updated_at: '2026-01-01T00:00:00+00:00',
      });
      await database.db
        .insertInto('users')
        .values([user('giver'), user('taker')])
        .execute();
      await database.db
        .insertInto('likes')
        .values({ user_id: 'giver', video_id: video!._id, added_at: '2026-01-01T00:00:00+00:00' })
        .execute();
      const store = new SqlStore(database);
      const likesVersion = async (id: string) =>
        (await store.findSession(id, 'jti'))!.listVersions.likes;
      const before = [await likesVersion('giver'), await likesVersion('taker')];
      await database.db.updateTable('likes').set({ user_id: 'taker' }).execute();
      expect(await likesVersion('giver')).not.toBe(before[0]);
      expect(await likesVersion('taker')).not.toBe(before[1]);
    } finally {
      await database.close();
    }
  });
});
