import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase, type TestDatabase } from '../testing/test-databases';
import { databaseBusyMessage, databaseUnavailable } from './db-errors';

describe('PostgreSQL errors that pass if the work is tried again', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase(inject('postgresUrl'));
  });
  afterAll(() => database.drop());

  it('a deadlock PostgreSQL broke (40P01) is a 503 "try again", not a 500', async () => {
    const setup = new pg.Client({ connectionString: database.url });
    await setup.connect();
    await setup.query('create table rows_to_lock (id int primary key, n int)');
    await setup.query('insert into rows_to_lock values (1, 0), (2, 0)');
    await setup.end();

    const first = new pg.Client({ connectionString: database.url });
    const second = new pg.Client({ connectionString: database.url });
    await Promise.all([first.connect(), second.connect()]);
    try {
      // Each locks one row, then asks for the other's: PostgreSQL cancels one of them.
      await first.query('begin');
      await second.query('begin');
      await first.query('update rows_to_lock set n = 1 where id = 1');
      await second.query('update rows_to_lock set n = 1 where id = 2');
      const outcomes = await Promise.allSettled([
        first.query('update rows_to_lock set n = 2 where id = 2'),
        second.query('update rows_to_lock set n = 2 where id = 1'),
      ]);
      const refused = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
      );
      expect(refused).toHaveLength(1);
      expect((refused[0] as { code?: string }).code).toBe('40P01');
      expect(databaseUnavailable(refused[0])).toBe(databaseBusyMessage);
    } finally {
      await Promise.all([
        first.query('rollback').catch(() => {}),
        second.query('rollback').catch(() => {}),
      ]);
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('other errors are not taken for it', () => {
    expect(databaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      undefined,
    );
  });
});
