import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHarness, seedVideo } from '../../api/testing/api-harness';
import type { OpenedStore } from '../../api/testing/api-suite';
import { routeTable } from '../../contract/routes';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';

const stores = [
  { name: 'SQLite', open: openSqliteTestStore },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

/** A valid body for each route that takes one in a path with an id. */
const bodies: Record<string, unknown> = {
  'POST /api/user/playlists/{playlistId}': { video: { _id: seedVideo(0)._id } },
  'POST /api/user/notes/{videoId}': { note: { content: 'a note' } },
  'POST /api/user/progress/{videoId}': { seconds: 10 },
};

describe.each(stores)('text with a NUL character on $name', ({ open }) => {
  let opened: OpenedStore;
  let h: Awaited<ReturnType<typeof createHarness>>;
  beforeAll(async () => {
    opened = await open();
    h = await createHarness(opened.store);
  });
  afterAll(() => opened.close());

  it('is answered with a 4xx in the error shape, never a 500', async () => {
    const { token } = await h.signUp();
    const calls = [
      h.call('POST', '/api/auth/signup', {
        body: { firstName: 'N\u0000L', lastName: 'x', email: 'nul@example.com', password: 'pw' },
      }),
      h.call('POST', '/api/auth/login', { body: { email: 'a\u0000@example.com', password: 'x' } }),
      h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
        token,
        body: { note: { content: 'before\u0000after' } },
      }),
      h.call('POST', '/api/user/playlists', { token, body: { playlist: { title: '\u0000' } } }),
      h.call('POST', '/api/user/likes', { token, body: { video: { _id: 'x\u0000' } } }),
      h.call('GET', '/api/video/%00'),
      h.call('GET', '/api/categories/%00'),
      h.call('DELETE', '/api/user/notes/%00', { token }),
      h.call('GET', '/api/user/playlists/%00', { token }),
    ];
    const results = await Promise.all(calls);
    for (const result of results) {
      if (result.status >= 400) {
        expect(result.status).toBeLessThan(500);
        expect(result.body.errors).toEqual([expect.any(String)]);
      }
    }
  });

  // No stored id holds a NUL (every write refuses one), so such an id is one that does not exist.
  it.each(routeTable.filter((route) => route.path.includes('{')))(
    '$method $path answers as for an id that does not exist',
    async (route) => {
      const { token } = await h.signUp();
      const send = (id: string) =>
        h.call(route.method, route.path.replace(/\{\w+\}/g, id), {
          token,
          body: bodies[`${route.method} ${route.path}`],
        });
      const missing = await send('no-such-id');
      const withNul = await send('no-such-id%00');
      expect({ status: withNul.status, body: withNul.body }).toEqual({
        status: missing.status,
        body: missing.body,
      });
    },
  );
});
