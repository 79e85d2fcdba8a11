import { sql } from 'kysely';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../testing/test-databases';
import { migrateToLatest, openDatabase } from './open-database';

describe('openDatabase on SQLite', () => {
  const dir = createTempDir();
  afterAll(dir.drop);

  it('creates the folder and the file, in WAL mode, durable commits, foreign keys enforced', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'new/sub/db.sqlite') });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await database.close();
    }
  });

  it('migrates once: a second run on the same file has nothing to do and keeps the data', async () => {
    const path = join(dir.path, 'twice.sqlite');
    const first = openDatabase({ dialect: 'sqlite', path });
    await migrateToLatest(first);
    await first.db.insertInto('meta').values({ key: 'k', value: 'v' }).execute();
    await first.close();
    const second = openDatabase({ dialect: 'sqlite', path });
    try {
      await migrateToLatest(second);
      const meta = await second.db.selectFrom('meta').selectAll().orderBy('key').execute();
      expect(meta).toEqual([
        { key: 'catalogue_version', value: 'initial' },
        { key: 'k', value: 'v' },
      ]);
    } finally {
      await second.close();
    }
  });
});
