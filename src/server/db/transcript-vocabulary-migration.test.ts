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

/**
 * Transcripts written before migration 0021 are found by a search whose first word ends a word
 * they say: the migration puts their words in the vocabulary (without them, no word said would end
 * with it, and the search would find nothing).
 */
async function upgrade(database: OpenDatabase, dialect: SqlDialectName) {
  const migrator = new Migrator({ db: database.db, provider: migrationsFor(dialect) });
  expect((await migrator.migrateTo('0020-transcript-words')).error).toBeUndefined();
  await database.db
    .insertInto('videos')
    .values([talk('low', 5), talk('high', 50)].map((video, at) => videoRow(video, at)))
    .execute();
  const said = (videoId: string, text: string) =>
    database.db
      .transaction()
      .execute((trx) =>
        writeTranscriptRows(
          trx,
          { videoId, cues: [{ start: 4, end: 9, text }] },
          dialect === 'sqlite',
        ),
      );
  await said('low', 'We call it a Kamylzeb thing');
  await said('high', 'mylzeb thing, said plainly');

  await migrateToLatest(database);

  const store = new SqlStore(database);
  const ids = async (q: string) =>
    (await store.searchVideos(q, { offset: 0, limit: 10 })).videos.map((video) => video._id);
  expect(await ids('ylzeb thing')).toEqual(['high', 'low']);
  expect(await ids('qqzeb thing')).toEqual([]);
}

describe('migration 0021 on transcripts stored before it', () => {
  const dir = createTempDir();
  afterAll(dir.drop);

  it('puts the words of the transcripts already there in the vocabulary (SQLite)', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'old.sqlite') });
    try {
      await upgrade(database, 'sqlite');
    } finally {
      await database.close();
    }
  });

  it('puts the words of the transcripts already there in the vocabulary (PostgreSQL)', async () => {
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
