import { Migrator } from 'kysely';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateVideos } from '../../api/seed/generated-videos';
import { createTempDir } from '../testing/test-databases';
import { CatalogueSql, videoRow } from './catalogue-sql';
import { migrationsFor } from './migrations';
import { migrateToLatest, openDatabase } from './open-database';

describe('migration 0007 on a SQLite catalogue that already holds videos', () => {
  const dir = createTempDir();
  afterAll(dir.drop);

  it('indexes the videos already there, for the home grid and the ranked results page', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'old.sqlite') });
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationsFor('sqlite') });
      const before = await migrator.migrateTo('0006-videos-by-channel');
      expect(before.error).toBeUndefined();
      // Videos as that schema held them: without the duration of migration 0016.
      const videos = [...generateVideos(50)].map(({ duration: _duration, ...video }) => video);
      await database.db
        .insertInto('videos')
        .values(videos.map((video, position) => videoRow(video, position)))
        .execute();

      await migrateToLatest(database);

      const catalogue = new CatalogueSql(database.db);
      const home = await catalogue.query({ search: 'Tips', offset: 0, limit: 50 });
      const tips = videos.filter((video) => video.title.includes('Tips'));
      expect(home.videos.map((video) => video._id)).toEqual(tips.map((video) => video._id));
      const results = await catalogue.search('tips', { offset: 0, limit: 50 });
      const byViews = [...tips].sort((a, b) => b.views - a.views);
      expect(results.videos.map((video) => video._id)).toEqual(byViews.map((video) => video._id));
      expect(results.total).toBe(tips.length);
    } finally {
      await database.close();
    }
  });
});
