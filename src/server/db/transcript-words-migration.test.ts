import { Migrator } from 'kysely';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { videoRow } from './catalogue-sql';
import type { SqlDialectName } from './dialect';
import { migrationsFor } from './migrations';
import { migrateToLatest, openDatabase, type OpenDatabase } from './open-database';
import { SqlStore } from './sql-store';
import { writeTranscriptRows } from './transcript-sql';

const talk = (id: string, views: number): Video => ({
  _id: id,
  title: `Talk ${id}`,
  channelName: 'Talks',
  views,
  uploadedOn: '2025-01-01',
  avatar: '',
  description: '',
  categoryName: 'Misc',
});

/** Transcripts written before migration 0020 are found through its word indexes after it. */
async function upgrade(database: OpenDatabase, dialect: SqlDialectName) {
  const migrator = new Migrator({ db: database.db, provider: migrationsFor(dialect) });
  expect((await migrator.migrateTo('0019-transcript-chunks')).error).toBeUndefined();
  await database.db
    .insertInto('videos')
    .values(
      [talk('low', 5), talk('high', 50), talk('none', 500)].map((video, at) => videoRow(video, at)),
    )
    .execute();
  const said = (videoId: string, text: string) =>
    database.db.transaction().execute((trx) =>
      writeTranscriptRows(
        trx,
        {
          videoId,
          cues: [
            { start: 0, end: 4, text: 'Welcome.' },
            { start: 4, end: 9, text },
          ],
        },
        dialect === 'sqlite',
      ),
    );
  await said('low', 'Why a Zorblat closure keeps its scope');
  await said('high', 'A zorblat closure, kept');
  await said('none', 'zorblat and closure, said apart');

  await migrateToLatest(database);

  const store = new SqlStore(database);
  const page = await store.searchVideos('a zorblat closure', { offset: 0, limit: 10 });
  expect(page.videos.map((video) => video._id)).toEqual(['high', 'low']);
  expect(page.moments).toEqual([
    { videoId: 'high', start: 4, text: 'A zorblat closure, kept' },
    { videoId: 'low', start: 4, text: 'Why a Zorblat closure keeps its scope' },
  ]);
  const kept = await store.searchVideos('closure, kept', { offset: 0, limit: 10 });
  expect(kept.videos.map((video) => video._id)).toEqual(['high']);
}

describe('migration 0020 on transcripts stored before it', () => {
  const dir = createTempDir();
  afterAll(dir.drop);

  it('indexes the words of the transcripts already there (SQLite)', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'old.sqlite') });
    try {
      await upgrade(database, 'sqlite');
    } finally {
      await database.close();
    }
  });

  it('indexes the words of the transcripts already there (PostgreSQL)', async () => {
    const server = await createPostgresDatabase(inject('postgresUrl'));
    const database = openDatabase({ dialect: 'postgres', url: server.url });
    try {
      await upgrade(database, 'postgres');
    } finally {
      await database.close();
      await server.drop();
    }
  }, 60_000);
});
