import { describe, expect, inject, it } from 'vitest';
import { generateVideos } from '../../api/seed/generated-videos';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { SqlStore } from './sql-store';

const stores = [
  { name: 'SQLite', open: () => openSqliteTestStore() },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each(stores)('the catalogue version on $name', ({ open }) => {
  it('changes at once for this store’s own writes, and within moments for another’s', async () => {
    const opened = await open();
    // A second store on the same database: another server process, or the operators' CLI.
    const other = new SqlStore(opened.database);
    try {
      const [first, second] = generateVideos(2);
      const initial = await opened.store.catalogueVersion();
      await opened.store.upsertVideos([first!]);
      const afterOwnWrite = await opened.store.catalogueVersion();
      expect(afterOwnWrite).not.toBe(initial);

      await other.upsertVideos([second!]);
      await pause(50);
      const afterOtherWrite = await opened.store.catalogueVersion();
      expect(afterOtherWrite).not.toBe(afterOwnWrite);
      expect(afterOtherWrite).toBe(await other.catalogueVersion());
    } finally {
      await opened.close();
    }
  });

  it('reads the version once for a burst of requests', async () => {
    const opened = await open();
    let reads = 0;
    const counted = new SqlStore({
      ...opened.database,
      db: opened.database.db.withPlugin({
        transformQuery: ({ node }) => {
          reads += 1;
          return node;
        },
        transformResult: async ({ result }) => result,
      }),
    });
    try {
      const versions = await Promise.all(
        Array.from({ length: 20 }, () => counted.catalogueVersion()),
      );
      expect(new Set(versions).size).toBe(1);
      expect(reads).toBe(1);
    } finally {
      await opened.close();
    }
  });
});
