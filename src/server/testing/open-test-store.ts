import { join } from 'node:path';
import type { OpenedStore } from '../../api/testing/api-suite';
import type { DatabaseLocation } from '../db/dialect';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db/open-database';
import { sqlCounters } from '../db/sql-counters';
import { SqlStore } from '../db/sql-store';
import { createPostgresDatabase, createTempDir } from './test-databases';

async function openMigrated(location: DatabaseLocation, cleanUp: () => Promise<void>) {
  const database = openDatabase(location);
  await migrateToLatest(database);
  const counters = sqlCounters(database);
  return {
    store: new SqlStore(database.db),
    counters: counters.counters,
    database,
    close: async () => {
      counters.close();
      await database.close();
      await cleanUp();
    },
  };
}

/** An empty, migrated SqlStore on a SQLite file in a temp directory of its own. */
export async function openSqliteTestStore(): Promise<OpenedStore & { database: OpenDatabase }> {
  const dir = createTempDir();
  return openMigrated({ dialect: 'sqlite', path: join(dir.path, 'test.sqlite') }, dir.drop);
}

/** An empty, migrated SqlStore on a new database of the test PostgreSQL server. */
export async function openPostgresTestStore(
  serverUrl: string,
): Promise<OpenedStore & { database: OpenDatabase }> {
  const database = await createPostgresDatabase(serverUrl);
  return openMigrated({ dialect: 'postgres', url: database.url }, database.drop);
}
