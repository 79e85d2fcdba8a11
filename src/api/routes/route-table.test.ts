import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { TEST_ACCOUNT } from '../../contract/limits';
import { routeTable, type RouteSpec } from '../../contract/routes';
import { seedCategories } from '../seed/seed-data';
import { MemoryStore } from '../store/memory-store';
import { ApiError } from '../http/errors';
import { parseOrReject } from '../http/read-body';
import { createHarness, seedVideo } from '../testing/api-harness';

/**
 * The route table (src/contract/routes.ts) against the routers that serve the API: the same
 * routes both ways, each router checking bodies and queries exactly as the table's schema does
 * (the same 422 messages), asking for a token exactly when the table's `auth` says so, and
 * answering the table's status and response shape. The OpenAPI document, the request
 * tester, the fuzzer and the web client's types all trust the table; this is what keeps it true.
 */

/** Served by the API but no row of the table: the document the table itself is published as. */
const OUTSIDE_TABLE = ['GET /api/openapi.json'];

const nameOf = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** A course of one seed video, so `{slug}` names a real course and `{videoId}` its lesson. */
const courseSlug = 'a-course';

async function harness() {
  const store = new MemoryStore();
  const h = await createHarness(store);
  await store.upsertCourses([
    {
      slug: courseSlug,
      title: 'A course',
      description: '',
      sections: [{ lessons: [seedVideo(0)._id] }],
    },
  ]);
  return h;
}

/**
 * The messages the API answers when `schema` refuses `value` (the 422 of read-body.ts), or none
 * when it accepts it. A router that agrees with the table answers exactly these: a 422 for any
 * other reason (a taken email, signup's extra fields, text a store cannot keep) does not count.
 */
function refusalOf(schema: NonNullable<RouteSpec['body']>, value: unknown): string[] | undefined {
  try {
    parseOrReject(schema, value);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    return error.messages;
  }
}

describe('the route table and the routers', () => {
  it('name the same routes: every row is served, every served route is a row', async () => {
    const { api } = await harness();
    // Middleware (bodyLimit, requireUser, the auth limits) registers as ALL; Hono's `:name` is the
    // table's `{name}`.
    const served = api.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const table = routeTable.map(nameOf);

    expect(new Set(table).size, 'a route named twice in the table').toBe(table.length);
    expect(
      table.filter((name) => !served.includes(name)),
      'rows no router serves',
    ).toEqual([]);
    expect(
      [...new Set(served)].filter((name) => !table.includes(name) && !OUTSIDE_TABLE.includes(name)),
      'served routes missing from the table',
    ).toEqual([]);
  });

  /** Bodies that tell the table's body schemas apart: each is accepted by some and refused by others. */
  const bodies: unknown[] = [
    {},
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
    },
    { firstName: 'Ada', lastName: '', email: 'ada@example.com', password: 'analytical-engine' },
    { email: 'nobody@example.com', password: 'secret' },
    { email: 'nobody@example.com' },
    { video: { _id: seedVideo(0)._id } },
    { video: { _id: '' } },
    { playlist: { title: 'Later' } },
    { playlist: { name: 'Later' } },
    { note: { content: 'Remember this', time: 12 } },
    { note: { content: 'Remember this', time: -1 } },
    { seconds: 42, duration: 600 },
    { seconds: 42, duration: 0 },
    { title: 'Write tests', completed: true },
    { title: 'Write tests', completed: 'yes' },
  ];

  /** Queries that tell the table's query schemas apart. */
  const queries: Record<string, string>[] = [
    {},
    { q: 'css' },
    { q: '   ' },
    { limit: '80' },
    { limit: '0' },
    { offset: 'ten' },
    { category: 'x'.repeat(201) },
    { channel: 'Some channel', limit: '5' },
    { q: 'css', limit: '80' },
  ];

  /** A row's path with its parameters filled (a seed video and category; made-up ids else). */
  const fill = (path: string, ids: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(
        ids[name] ??
          (name === 'videoId'
            ? seedVideo(0)._id
            : name === 'categoryId'
              ? seedCategories[0]!._id
              : name === 'slug'
                ? courseSlug
                : 'no-such-id'),
      ),
    );

  it.each(routeTable.filter((route) => route.body).map((route) => [nameOf(route), route]))(
    '%s refuses exactly the bodies its table schema refuses (422)',
    async (_name, route) => {
      const h = await harness();
      const token = await h.logInTestAccount();
      const path = fill(route.path);
      for (const body of bodies) {
        const refused = refusalOf(route.body!, body);
        const answer = await h.call(route.method, path, { body, token });
        const said = `${JSON.stringify(body)} answered ${answer.status} ${JSON.stringify(answer.body)}`;
        if (refused)
          expect({ status: answer.status, ...answer.body }, said).toEqual({
            status: 422,
            errors: refused,
          });
        else expect(answer.status, said).not.toBe(422);
      }
    },
  );

  it.each(routeTable.filter((route) => route.query).map((route) => [nameOf(route), route]))(
    '%s refuses exactly the queries its table schema refuses (422)',
    async (_name, route) => {
      const h = await harness();
      const path = fill(route.path);
      for (const query of queries) {
        const refused = refusalOf(route.query!, query);
        const search = new URLSearchParams(query).toString();
        const answer = await h.call(route.method, search ? `${path}?${search}` : path);
        const said = `?${search} answered ${answer.status} ${JSON.stringify(answer.body)}`;
        if (refused)
          expect({ status: answer.status, ...answer.body }, said).toEqual({
            status: 422,
            errors: refused,
          });
        else expect(answer.status, said).not.toBe(422);
      }
    },
  );

  // Adding what the good call's setup added already would be a 409: another video instead.
  const video = { _id: seedVideo(1)._id };
  const goodBodies: Record<string, unknown> = {
    'POST /api/auth/signup': {
      firstName: 'Route',
      lastName: 'Table',
      email: 'route-table@example.com',
      password: 'table-and-routers',
    },
    'POST /api/auth/login': TEST_ACCOUNT,
    'POST /api/user/likes': { video },
    'POST /api/user/history': { video },
    'POST /api/user/watchlater': { video },
    'POST /api/user/playlists': { playlist: { title: 'Another' } },
    'POST /api/user/playlists/{playlistId}': { video },
    // The playlist below holds seed video 0 only.
    'POST /api/user/playlists/{playlistId}/order': { videos: [seedVideo(0)._id] },
    'POST /api/user/notes/{videoId}': { note: { content: 'Another', time: 3 } },
    'PATCH /api/user/notes/{noteId}': { note: { content: 'Edited' } },
    'POST /api/user/progress/{videoId}': { seconds: 30, duration: 600 },
    'POST /api/test-todos': { title: 'Another' },
    // h.signUp's password.
    'POST /api/user/profile': { firstName: 'Grace', lastName: 'Murray' },
    'POST /api/user/password': { currentPassword: 'cobol-1959', newPassword: 'flow-matic-1955' },
    'POST /api/user/delete-account': { currentPassword: 'cobol-1959' },
  };

  it.each(routeTable.map((route) => [nameOf(route), route]))(
    "%s answers a call without a token as the table's auth column says",
    async (_name, route) => {
      const h = await harness();
      const body = goodBodies[nameOf(route)];
      const query = route.path === '/api/videos/search' ? '?q=css' : '';
      const answer = await h.call(route.method, fill(route.path) + query, { body });
      if (route.auth) {
        expect({ status: answer.status, ...answer.body }).toEqual({
          status: 401,
          errors: [apiErrors.invalidToken.message],
        });
      } else {
        expect(answer.status, JSON.stringify(answer.body)).not.toBe(401);
      }
    },
  );

  it.each(routeTable.map((route) => [nameOf(route), route]))(
    "%s answers a good call with the table's status and response schema",
    async (_name, route) => {
      const h = await harness();
      // A fresh user with one of everything, so each id in a path names something real.
      const { token } = await h.signUp();
      const made = await h.call('POST', '/api/user/playlists', {
        body: { playlist: { title: 'Mine' } },
        token,
      });
      const noted = await h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
        body: { note: { content: 'A note' } },
        token,
      });
      const todos = await h.call('POST', '/api/test-todos', { body: { title: 'Mine' }, token });
      const playlistId: string = made.body.playlists[0]._id;
      await h.call('POST', `/api/user/playlists/${playlistId}`, {
        body: { video: { _id: seedVideo(0)._id } },
        token,
      });
      await h.call('POST', '/api/user/likes', {
        body: { video: { _id: seedVideo(0)._id } },
        token,
      });
      await h.call('POST', '/api/user/history', {
        body: { video: { _id: seedVideo(0)._id } },
        token,
      });
      const ids = {
        playlistId,
        noteId: noted.body.notes[0]._id,
        todoId: todos.body.todos.at(-1)._id,
      };

      const body = goodBodies[nameOf(route)];
      expect(body !== undefined, 'a good body for this route in the test').toBe(!!route.body);
      const query = route.path === '/api/videos/search' ? '?q=css' : '';

      const answer = await h.call(route.method, fill(route.path, ids) + query, { body, token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(route.status);
      const parsed = route.response.safeParse(answer.body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    },
  );
});
