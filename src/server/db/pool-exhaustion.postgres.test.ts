import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_NOTE_LENGTH, MAX_NOTES_CHARACTERS } from '../../contract/limits';
import { createHarness, seedVideo, type CallResult } from '../../api/testing/api-harness';
import { expectConsole } from '../../testing/expect-console';
import { openPostgresTestStore } from '../testing/open-test-store';
import { databasePoolBusyMessage, databaseUnavailable } from './db-errors';
import { checkDatabaseHealth } from './open-database';

/**
 * Issue 26 #11: one user's 60 parallel note writes, each answer carrying about 1 MB of notes, took
 * every connection of a process's pool; another user waited 9.4 s and got a 503 "not reachable".
 */
describe("one user's burst of writes on PostgreSQL", () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestStore>>;
  let h: Awaited<ReturnType<typeof createHarness>>;

  beforeAll(async () => {
    opened = await openPostgresTestStore(inject('postgresUrl'));
    h = await createHarness(opened.store, { unavailable: databaseUnavailable });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it("leaves connections for another user's requests", async () => {
    const burst = await h.signUp();
    const other = await h.signUp();
    // Nearly 1 MB of notes already: every note answer carries all of them.
    const full = MAX_NOTES_CHARACTERS / MAX_NOTE_LENGTH - 1;
    await sql`insert into notes (id, user_id, video_id, content, created_at)
      select 'bulk-' || n, ${burst.user._id}, ${seedVideo(0)._id}, repeat('x', ${MAX_NOTE_LENGTH}),
        '2026-11-28T12:00:00.000Z'
      from generate_series(1, ${full}) as n`.execute(opened.database.db);

    const writes = Promise.all(
      Array.from({ length: 60 }, () =>
        h.call('POST', `/api/user/notes/${seedVideo(1)._id}`, {
          token: burst.token,
          body: { note: { content: 'y'.repeat(MAX_NOTE_LENGTH) } },
        }),
      ),
    );
    // The other user's requests, while the burst runs.
    const theirs: CallResult[] = [];
    for (const index of [0, 1, 2]) {
      theirs.push(
        await h.call('POST', '/api/user/likes', {
          token: other.token,
          body: { video: seedVideo(index) },
        }),
        await h.call('GET', '/api/user/likes', { token: other.token }),
      );
    }
    const burstAnswers = await writes;
    expect(theirs.map((answer) => answer.status)).toEqual([201, 200, 201, 200, 201, 200]);
    // The burst itself: one note fits, the rest are refused for the cap; none failed.
    const statuses = burstAnswers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 422)).toEqual([]);
  }, 120_000);

  it('a pool with every connection busy answers 503 with Retry-After, logged as "pool exhausted"', async () => {
    const { token } = await h.signUp();
    const { pool } = opened.database.driver as { pool: pg.Pool };
    const held: pg.PoolClient[] = [];
    const logged = expectConsole('error');
    try {
      while (held.length < 10) held.push(await pool.connect());
      const refused = await h.call('GET', '/api/user/likes', { token });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual({ errors: [databasePoolBusyMessage] });
      const lines = logged.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(lines).toMatch(/pool exhausted/);
      expect(lines).not.toMatch(/Database unavailable/);
    } finally {
      for (const client of held) client.release();
    }
    expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(200);
  }, 60_000);

  it('says the database is unhealthy while requests wait for a connection and none is idle', async () => {
    const { pool } = opened.database.driver as { pool: pg.Pool };
    const held: pg.PoolClient[] = [];
    while (held.length < 10) held.push(await pool.connect());
    // A request waiting in the pool's queue: every connection busy.
    const waiting = sql`select 1`.execute(opened.database.db);
    expect(pool.waitingCount).toBe(1);
    const health = checkDatabaseHealth(opened.database);
    // Connections come free (as under load, one after the other): the check must not have
    // waited its turn and then said all is well.
    for (const client of held) client.release();
    await expect(health).rejects.toThrow(
      /pool exhausted: all 10 connections busy, 1 request waiting/,
    );
    await waiting;
    await expect(checkDatabaseHealth(opened.database)).resolves.toBeUndefined();
  }, 60_000);
});
