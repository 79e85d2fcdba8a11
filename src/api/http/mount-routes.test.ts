import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { routeTable } from '../../contract/routes';
import { MemoryStore } from '../store/memory-store';
import { createHarness, seedVideo } from '../testing/api-harness';

/**
 * The mounting of the route table's rows (mount-routes.ts): what a row's columns add to its
 * handler. That every row has a handler, with the body, query and answer its schemas type, is
 * tsc's to check (RouteHandlers).
 */
describe('routes mounted from the table', () => {
  const errorOf = (name: keyof typeof apiErrors) => ({
    status: apiErrors[name].status,
    errors: [apiErrors[name].message],
  });
  const fill = (path: string) => path.replace(/\{\w+\}/g, encodeURIComponent(seedVideo(0)._id));

  it.each(routeTable.filter((row) => row.auth).map((row) => [`${row.method} ${row.path}`, row]))(
    '%s asks for a session (401 without a token)',
    async (_name, row) => {
      const h = await createHarness(new MemoryStore());
      const body = row.method === 'GET' ? undefined : {};
      const answer = await h.call(row.method, fill(row.path), { body });
      expect({ status: answer.status, ...answer.body }).toEqual(errorOf('invalidToken'));
    },
  );

  it('checks a body with its row schema: a missing field is a 422 naming it', async () => {
    const h = await createHarness(new MemoryStore());
    const { token } = await h.signUp();
    const missing = await h.call('POST', '/api/user/likes', { token, body: {} });
    expect({ status: missing.status, ...missing.body }).toEqual({
      status: 422,
      errors: ['video is required'],
    });
  });

  it('checks a query with its row schema (422), and answers with the row status', async () => {
    const h = await createHarness(new MemoryStore());
    const refused = await h.call('GET', '/api/videos/trending?limit=0');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.stringMatching(/^limit /)]);
    const { token } = await h.signUp();
    const made = await h.call('POST', '/api/user/playlists', {
      token,
      body: { playlist: { title: 'Mine' } },
    });
    expect(made.status).toBe(201);
  });

  it('answers a method no row has with the 404 of an unknown route; under /user after the session', async () => {
    const h = await createHarness(new MemoryStore());
    const put = await h.call('PUT', '/api/videos');
    expect({ status: put.status, ...put.body }).toEqual(errorOf('routeNotFound'));
    const anonymous = await h.call('PUT', '/api/user/likes');
    expect({ status: anonymous.status, ...anonymous.body }).toEqual(errorOf('invalidToken'));
    const { token } = await h.signUp();
    const signedIn = await h.call('PUT', '/api/user/likes', { token });
    expect({ status: signedIn.status, ...signedIn.body }).toEqual(errorOf('routeNotFound'));
  });

  it('serves a fixed path before one with a parameter: DELETE /api/user/history/all', async () => {
    const h = await createHarness(new MemoryStore());
    const { token } = await h.signUp();
    await h.call('POST', '/api/user/history', {
      token,
      body: { video: { _id: seedVideo(0)._id } },
    });
    await h.call('POST', '/api/user/history', {
      token,
      body: { video: { _id: seedVideo(1)._id } },
    });
    const cleared = await h.call('DELETE', '/api/user/history/all', { token });
    expect(cleared.body).toEqual({ history: [] });
    expect((await h.call('GET', '/api/user/history', { token })).body).toEqual({ history: [] });
  });
});
