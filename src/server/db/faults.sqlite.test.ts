import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, seedVideo } from '../../api/testing/api-harness';
import { expectConsole } from '../../testing/expect-console';
import { openSqliteTestStore } from '../testing/open-test-store';
import { databaseReadOnlyMessage, databaseUnavailable } from './db-errors';

describe('SQLite that cannot write (read-only, out of disk)', () => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  let h: Awaited<ReturnType<typeof createHarness>>;

  beforeAll(async () => {
    opened = await openSqliteTestStore();
    h = await createHarness(opened.store, {
      counters: opened.counters,
      unavailable: databaseUnavailable,
    });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('answers writes with a clear 503, keeps reads, corrupts nothing and recovers', async () => {
    const { token } = await h.signUp();
    const db = opened.database.db;
    // The API logs the database fault it answers 503 for.
    const logged = expectConsole('error');
    // query_only refuses every write with SQLITE_READONLY, as a read-only file or mount does.
    await sql`pragma query_only = on`.execute(db);
    try {
      const refused = await h.call('POST', '/api/user/likes', {
        token,
        body: { video: seedVideo(0) },
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ errors: [databaseReadOnlyMessage] });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(logged).toHaveBeenCalled();
      expect((await h.call('GET', '/api/videos')).status).toBe(200);
    } finally {
      await sql`pragma query_only = off`.execute(db);
    }
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    const liked = await h.call('POST', '/api/user/likes', { token, body: { video: seedVideo(0) } });
    expect(liked.status).toBe(201);
  });
});
