import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedVideos } from '../../api/seed/videos';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';

const stores = [
  { name: 'SQLite', open: () => openSqliteTestStore() },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

const [first, second] = seedVideos;

describe.each(stores)('prepared reads on $name', ({ open }) => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  beforeAll(async () => {
    opened = await open();
    await opened.store.upsertVideos([first!, second!]);
  });
  afterAll(() => opened.close());

  it('answer what Kysely answers, each call with its own values, constants kept', async () => {
    const { db, prepare } = opened.database;
    // One parameter used twice, with a constant between its two places.
    const titles = prepare((id: string) =>
      db
        .selectFrom('videos')
        .select(['id', 'title'])
        .where((eb) => eb.or([eb('id', '=', id), eb('category_name', '=', 'no such category')]))
        .where('id', '>=', id)
        .orderBy('id'),
    );
    const kysely = (id: string) =>
      db.selectFrom('videos').select(['id', 'title']).where('id', '=', id).execute();
    for (const video of [first!, second!]) {
      expect(await titles(video._id)).toEqual(await kysely(video._id));
      expect(await titles(video._id)).toEqual([{ id: video._id, title: video.title }]);
    }
    expect(await titles('none')).toEqual([]);
  });

  it('refuse a write, and a parameter that would not reach the database as one', () => {
    const { db, prepare } = opened.database;
    const write = prepare((id: string) => db.deleteFrom('videos').where('id', '=', id));
    expect(() => write('x')).toThrow(/must be a select/);
    const folded = prepare((id: string) =>
      db.selectFrom('videos').select('id').where('id', '=', sql.lit(id)),
    );
    expect(() => folded('x')).toThrow(/parameter 0 must reach the database as a parameter/);
  });
});

describe('a prepared read on SQLite beside a transaction', () => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  beforeAll(async () => {
    opened = await openSqliteTestStore();
    await opened.store.upsertVideos([first!]);
  });
  afterAll(() => opened.close());

  const count = (id: string) => {
    const { db, prepare } = opened.database;
    return prepare((videoId: string) =>
      db.selectFrom('videos').select('id').where('id', '=', videoId),
    )(id).then((rows) => rows.length);
  };

  // The one connection is shared: a read run at once between the transaction's statements would
  // run inside it. It must wait for the transaction's end, as Kysely's own queries do.
  it('never sees what the transaction has not committed, and rolls back with it', async () => {
    const { db } = opened.database;
    let during: Promise<number> | undefined;
    const rollback = new Error('rolled back');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('videos').where('id', '=', first!._id).execute();
        during = count(first!._id);
        await new Promise((done) => setTimeout(done, 20));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await during).toBe(1);
  });

  it('sees the transaction’s writes once it commits', async () => {
    const { db } = opened.database;
    let during: Promise<number> | undefined;
    let settledInside = false;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('videos').where('id', '=', first!._id).execute();
      during = count(first!._id);
      void during.then(() => (settledInside = true));
      await new Promise((done) => setTimeout(done, 20));
      // Still waiting: it would have answered 0 (uncommitted) had it run at once.
      expect(settledInside).toBe(false);
    });
    expect(await during).toBe(0);
  });
});
