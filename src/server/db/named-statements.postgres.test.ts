import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHarness } from '../../api/testing/api-harness';
import { openPostgresTestStore } from '../testing/open-test-store';
import { nameParameterisedQueries } from './open-database';

describe('named statements on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestStore>>;

  beforeAll(async () => {
    opened = await openPostgresTestStore(inject('postgresUrl'));
  });
  afterAll(() => opened.close());

  it('still answer after another process migrates a table they read (a rolling deploy)', async () => {
    const h = await createHarness(opened.store);
    const { token } = await h.signUp();
    const read = () => h.call('GET', '/api/user/likes', { token });
    // Each connection of the pool prepares the session check (it selects users.*).
    const before = await Promise.all(Array.from({ length: 12 }, read));
    expect(before.map(({ status }) => status)).toEqual(Array(12).fill(200));

    await sql`alter table users add column nickname text`.execute(opened.database.db);

    const after = await Promise.all(Array.from({ length: 12 }, read));
    expect(after.map(({ status }) => status)).toEqual(Array(12).fill(200));
    // And again, on connections that now run that text unnamed.
    expect((await read()).status).toBe(200);
  });

  it('leave text searches unnamed, so each is planned for its own pattern', async () => {
    const client = new pg.Client({ connectionString: opened.url });
    await client.connect();
    try {
      nameParameterisedQueries(client, new Map());
      for (let run = 0; run < 6; run += 1) {
        await client.query('select $1::int + 1 as next', [run]);
        await client.query('select $1::text like $2 as found', ['react', `%${run}%`]);
      }
      const { rows } = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by statement',
      );
      expect(rows.map((row) => row.statement)).toEqual(['select $1::int + 1 as next']);
    } finally {
      await client.end();
    }
  });
});
