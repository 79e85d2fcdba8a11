import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../contract/routes';
import { signToken } from '../auth/tokens';
import { seedVideos } from '../seed/videos';
import { createHarness, seedVideo } from './api-harness';
import type { OpenedStore } from './api-suite';

type Harness = Awaited<ReturnType<typeof createHarness>>;

const methods = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'] as const;

/** Path segments a client could send: real ids, junk, traversal, escapes good and broken. */
const segment = fc.oneof(
  fc.constantFrom(...seedVideos.map((video) => video._id), 'all', '..', '%', '%zz', '%00', ''),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
);

/** A path from the route table with its parameters filled by arbitrary segments. */
const path = fc
  .tuple(
    // Logging out would end the session the property keeps using.
    fc.constantFrom(
      ...routeTable
        .map((route) => route.path)
        .filter((path) => !path.startsWith('/api/auth/logout')),
    ),
    fc.array(segment, { maxLength: 3 }),
  )
  .map(([template, values]) => {
    let index = 0;
    return template.replace(/\{\w+\}/g, () => values[index++] ?? 'x');
  });

/** Bodies: any JSON, the right shapes with wrong insides, and text that is not JSON at all. */
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.record({ video: fc.jsonValue() }).map((value) => JSON.stringify(value)),
  fc.record({ playlist: fc.jsonValue() }).map((value) => JSON.stringify(value)),
  fc.record({ note: fc.jsonValue() }).map((value) => JSON.stringify(value)),
  fc
    .record({ email: fc.jsonValue(), password: fc.jsonValue(), firstName: fc.jsonValue() })
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constant(undefined),
);

type TokenKind = 'valid' | 'none' | 'garbage' | 'forged' | 'bearer';
const tokenKind = fc.constantFrom<TokenKind>('valid', 'none', 'garbage', 'forged', 'bearer');

const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);

/** Everything one user could see: what a rejected request must leave as it was. */
async function observe(h: Harness, token: string) {
  const read = async (url: string) => (await h.call('GET', url, { token })).body;
  return {
    likes: await read('/api/user/likes'),
    history: await read('/api/user/history'),
    watchlater: await read('/api/user/watchlater'),
    playlists: await read('/api/user/playlists'),
    notes: await read('/api/user/notes'),
    progress: await read('/api/user/progress'),
    todos: await read('/api/test-todos'),
    videos: await read('/api/videos'),
  };
}

/**
 * Property-based robustness: random and malformed methods, paths, ids, headers, tokens and
 * bodies against every route. Never a 500 or a crash, every error in the `{ errors }` shape, no
 * password hash in any answer, and a rejected request changes nothing.
 */
export function describeRobustnessSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`robustness on ${storeName}`, () => {
    let opened: OpenedStore;
    let h: Harness;
    let token: string;
    let forged: string;

    beforeAll(async () => {
      opened = await openStore();
      h = await createHarness(opened.store);
      const user = await h.signUp();
      token = user.token;
      forged = await signToken({ _id: user.user._id, email: user.user.email }, 'x', new Date());
      await h.call('POST', '/api/user/likes', { token, body: { video: seedVideo(0) } });
      await h.call('POST', '/api/user/playlists', { token, body: { playlist: { title: 'p' } } });
      await h.call('POST', `/api/user/notes/${seedVideo(1)._id}`, {
        token,
        body: { note: { content: 'n' } },
      });
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('answers every request with a JSON status below 500; rejected ones change nothing', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...methods),
          path,
          body,
          tokenKind,
          contentType,
          async (method, url, payload, kind, type) => {
            const headers: Record<string, string> = {};
            if (type) headers['content-type'] = type;
            const auth = {
              valid: token,
              none: undefined,
              garbage: 'not.a.token',
              forged,
              bearer: `Bearer ${token}`,
            }[kind];
            if (auth) headers.authorization = auth;
            const before = await observe(h, token);
            const response = await h.api.request(url, {
              method,
              headers,
              body: method === 'GET' ? undefined : payload,
            });
            const text = await response.text();
            expect(response.status).toBeLessThan(500);
            expect(text).not.toMatch(/passwordHash|pbkdf2/);
            const parsed: unknown = JSON.parse(text);
            if (response.status >= 400) {
              const { errors } = parsed as { errors: unknown[] };
              expect(Object.keys(parsed as object)).toEqual(['errors']);
              expect(errors.length).toBeGreaterThan(0);
              for (const message of errors) expect(message).toEqual(expect.any(String));
              expect(await observe(h, token)).toEqual(before);
            }
          },
        ),
        { numRuns: 200 },
      );
    }, 120_000);

    it('refuses text no database keeps as sent (NUL, a lone surrogate) in any body, the same everywhere', async () => {
      // Sent as JSON escapes: a lone surrogate has no UTF-8 form to send raw.
      const post = (path: string, json: string, withToken = true) =>
        h.api.request(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(withToken ? { authorization: token } : {}),
          },
          body: json,
        });
      const cases = [
        [
          '/api/user/playlists',
          '{"playlist":{"title":"lone \\ud800 x"}}',
          'playlist.title must be valid Unicode (a lone surrogate \\ud800)',
        ],
        [
          '/api/user/playlists',
          '{"playlist":{"title":"x \\u0000"}}',
          'playlist.title must not contain the NUL character',
        ],
        [
          `/api/user/notes/${seedVideo(1)._id}`,
          '{"note":{"content":"\\udfff"}}',
          'note.content must be valid Unicode (a lone surrogate \\udfff)',
        ],
      ] as const;
      for (const [path, json, message] of cases) {
        const response = await post(path, json);
        expect(response.status, json).toBe(422);
        expect(await response.json()).toEqual({ errors: [message] });
      }
      const signup = await post(
        '/api/auth/signup',
        '{"email":"sur\\ud800@example.com","password":"pw","firstName":"F","lastName":"L"}',
        false,
      );
      expect(signup.status).toBe(422);
      expect(await signup.json()).toEqual({
        errors: ['email must be valid Unicode (a lone surrogate \\ud800)'],
      });
      const playlists = await h.call('GET', '/api/user/playlists', { token });
      expect(playlists.body.playlists.map((p: { title: string }) => p.title)).toEqual(['p']);
    });

    it('takes hostile signup fields without crashing or leaking', async () => {
      await fc.assert(
        fc.asyncProperty(
          // Within the extras' rules (at most 4 levels, the fields' object included).
          fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
            maxKeys: 6,
          }),
          async (extras) => {
            const email = `fuzz-${Math.random().toString(36).slice(2)}@example.com`;
            const result = await h.call('POST', '/api/auth/signup', {
              body: {
                ...extras,
                firstName: 'F',
                lastName: 'Z',
                email,
                password: 'fuzzed-extras-1',
              },
            });
            if (new TextEncoder().encode(JSON.stringify(extras)).length > 4096) {
              expect(result.status).toBe(422);
              return;
            }
            expect(result.status).toBe(201);
            expect(result.body.createdUser.email).toBe(email);
            expect(JSON.stringify(result.body)).not.toMatch(/passwordHash|pbkdf2/);
          },
        ),
        { numRuns: 50 },
      );
    }, 60_000);
  });
}
