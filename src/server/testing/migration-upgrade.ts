import { Migrator } from 'kysely';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Transcript, Video } from '../../contract/entities';
import { videoRow } from '../db/catalogue-sql';
import type { SqlDialectName } from '../db/dialect';
import { migrationsFor } from '../db/migrations';
import { addWords } from '../db/migrations/0021-transcript-vocabulary';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db/open-database';
import { SqlStore } from '../db/sql-store';
import { writeTranscriptRows } from '../db/transcript-sql';
import { createPostgresDatabase, createTempDir } from './test-databases';

/** A catalogue video for a migration test: its id, its views, the rest plain. */
export const talk = (id: string, views: number): Video => ({
  _id: id,
  title: `Talk ${id}`,
  channelName: 'Talks',
  views,
  uploadedOn: '2025-01-01',
  avatar: '',
  description: '',
  categoryName: 'Misc',
});

/** What an upgrade test is given: a database migrated up to `before`, to fill as it was then. */
export interface OldCatalogue {
  database: OpenDatabase;
  dialect: SqlDialectName;
  /** Puts these videos in the catalogue, in this order. */
  addVideos: (videos: Video[]) => Promise<void>;
  /**
   * Writes a transcript's rows as the migrations up to 0020 keep them; its words go in the
   * vocabulary (0021) too when `vocabulary` is set.
   */
  writeTranscript: (transcript: Transcript, vocabulary?: 'vocabulary') => Promise<void>;
  /** Runs the migrations after `before`, then answers a store on the upgraded database. */
  upgrade: () => Promise<SqlStore>;
}

/**
 * A migration's test on catalogues stored before it, on SQLite and PostgreSQL: `check` is run on
 * each, with a database migrated up to `before` (the migration's predecessor) to fill, then
 * upgrade and search.
 */
export function describeUpgrade(
  title: string,
  before: string,
  does: string,
  check: (old: OldCatalogue) => Promise<void>,
) {
  describe(title, () => {
    const dir = createTempDir();
    afterAll(dir.drop);

    async function run(database: OpenDatabase, dialect: SqlDialectName) {
      const migrator = new Migrator({ db: database.db, provider: migrationsFor(dialect) });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await check({
        database,
        dialect,
        addVideos: async (videos) => {
          await database.db
            .insertInto('videos')
            .values(videos.map((video, at) => videoRow(video, at)))
            .execute();
        },
        writeTranscript: (transcript, vocabulary) =>
          database.db.transaction().execute(async (trx) => {
            const text = await writeTranscriptRows(trx, transcript, dialect === 'sqlite');
            if (vocabulary) await addWords(trx, dialect, transcript.videoId, text);
          }),
        upgrade: async () => {
          await migrateToLatest(database);
          return new SqlStore(database);
        },
      });
    }

    it(`${does} (SQLite)`, async () => {
      const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'old.sqlite') });
      try {
        await run(database, 'sqlite');
      } finally {
        await database.close();
      }
    });

    it(`${does} (PostgreSQL)`, async () => {
      const server = await createPostgresDatabase(inject('postgresUrl'));
      const database = openDatabase({ dialect: 'postgres', url: server.url });
      try {
        await run(database, 'postgres');
      } finally {
        await database.close();
        await server.drop();
      }
    }, 60_000);
  });
}
