import { join } from 'node:path';
import type { OpenedStore } from '../../api/testing/api-suite';
import type { DatabaseLocation } from '../db/dialect';
import {
  migrateToLatest,
  openDatabase,
  type OpenDatabase,
  type OpenOptions,
} from '../db/open-database';
import { sqlCounters } from '../db/sql-counters';
import { SqlStore } from '../db/sql-store';
import { createPostgresDatabase, createTempDir } from './test-databases';

/** Store options tests may set, e.g. a tiny dense-search threshold to exercise that path. */
export type TestStoreOptions = ConstructorParameters<typeof SqlStore>[1];

async function openMigrated(
  location: DatabaseLocation,
  cleanUp: () => Promise<void>,
  options?: TestStoreOptions,
  openOptions?: OpenOptions,
) {
  const database = openDatabase(location, openOptions);
  await migrateToLatest(database);
  const counters = sqlCounters(database);
  return {
    store: new SqlStore(database, options),
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
export async function openSqliteTestStore(
  options?: TestStoreOptions,
  openOptions?: OpenOptions,
): Promise<OpenedStore & { database: OpenDatabase }> {
  const dir = createTempDir();
  const path = join(dir.path, 'test.sqlite');
  return openMigrated({ dialect: 'sqlite', path }, dir.drop, options, openOptions);
}

/** An empty, migrated SqlStore on a new database of the test PostgreSQL server, and its URL. */
export async function openPostgresTestStore(
  serverUrl: string,
  options?: TestStoreOptions,
  openOptions?: OpenOptions,
): Promise<OpenedStore & { database: OpenDatabase; url: string }> {
  const database = await createPostgresDatabase(serverUrl);
  const opened = await openMigrated(
    { dialect: 'postgres', url: database.url },
    database.drop,
    options,
    openOptions,
  );
  return { ...opened, url: database.url };
}
