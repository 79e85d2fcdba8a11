import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHarness } from '../../api/testing/api-harness';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { SqlStore } from './sql-store';

/** A Kysely plugin that writes down the kind of every query the store runs. */
function queryRecorder() {
  const queries: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, queries };
}

const stores = [
  { name: 'SQLite', open: openSqliteTestStore },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

describe.each(stores)('queries a request costs on $name', ({ open }) => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  const recorder = queryRecorder();
  let h: Awaited<ReturnType<typeof createHarness>>;

  beforeAll(async () => {
    opened = await open();
    h = await createHarness(new SqlStore(opened.database.db.withPlugin(recorder.plugin)));
  });
  afterAll(() => opened.close());

  async function queriesOf(request: () => Promise<{ status: number }>, status: number) {
    recorder.queries.length = 0;
    expect((await request()).status).toBe(status);
    return [...recorder.queries];
  }

  it('a signed-in read is one query to check the session, then its own', async () => {
    const { token } = await h.signUp();
    const read = () => h.call('GET', '/api/user/likes', { token });
    expect(await queriesOf(read, 200)).toHaveLength(2);
  });

  it('a logged-out token is refused after that one query', async () => {
    const { token } = await h.signUp();
    expect((await h.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    const read = () => h.call('GET', '/api/user/likes', { token });
    expect(await queriesOf(read, 401)).toHaveLength(1);
  });
});
