import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { DEFAULT_AUTH_LIMITS, TEST_ACCOUNT } from '../../contract/limits';
import { boundedHasher } from '../auth/bounded-hasher';
import type { PasswordHasher } from '../auth/password';
import type { ApiDeps } from '../create-api';
import { createHarness, TEST_SECRET, testHasher, type CallResult } from './api-harness';
import type { OpenedStore } from './api-suite';

/** The harness reads the client's address from a test header (the server: socket or proxy). */
const byTestHeader: ApiDeps['clientAddress'] = (c) => c.req.header('x-test-client') ?? 'unknown';

let runs = 0;
/** Names unique to one test, so tests sharing a database's counters never meet. */
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${(runs += 1)}`;

/** A hasher that counts its calls and takes `delayMs` longer than the test hasher. */
function countingHasher(delayMs = 0) {
  const calls = { hash: 0, verify: 0 };
  const pause = () => new Promise((done) => setTimeout(done, delayMs));
  const hasher: PasswordHasher = {
    async hash(password) {
      calls.hash += 1;
      await pause();
      return testHasher.hash(password);
    },
    async verify(password, stored) {
      calls.verify += 1;
      await pause();
      return testHasher.verify(password, stored);
    },
  };
  return { hasher, calls };
}

const statuses = (results: CallResult[]) =>
  results.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/**
 * The auth limits (decision 0007) on logins, signups and the hashing queue, against any Store and the counters
 * that go with it (memory, or the server's database).
 */
export function describeAbuseSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`auth under abuse on ${storeName}`, () => {
    let opened: OpenedStore;
    const harness = (overrides: Partial<ApiDeps> = {}) =>
      createHarness(opened.store, {
        counters: opened.counters,
        clientAddress: byTestHeader,
        ...overrides,
      });

    beforeAll(async () => {
      opened = await openStore();
    });
    afterAll(async () => {
      await opened?.close();
    });

    async function newAccount(h: Awaited<ReturnType<typeof harness>>) {
      const { payload } = await h.signUp({ email: `${unique('owner')}@example.com` });
      return { email: payload.email as string, password: payload.password as string };
    }

    it('refuses a signup for a taken email before hashing its password', async () => {
      const { hasher, calls } = countingHasher();
      const h = await harness({ passwordHasher: hasher });
      const before = calls.hash;
      const again = await h.call('POST', '/api/auth/signup', {
        body: {
          firstName: 'A',
          lastName: 'B',
          email: TEST_ACCOUNT.email,
          password: 'taken-email-1',
        },
        headers: { 'x-test-client': unique('addr') },
      });
      expect(again.status).toBe(422);
      expect(again.body).toEqual({ errors: [apiErrors.emailExists.message] });
      expect(calls.hash).toBe(before);
    });

    it('counts parallel wrong passwords before hashing: 50 at once give 429s', async () => {
      const { hasher, calls } = countingHasher(20);
      const h = await harness({ passwordHasher: hasher });
      const owner = await newAccount(h);
      const address = unique('attacker');
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          h.call('POST', '/api/auth/login', {
            body: { email: owner.email, password: 'wrong-guess' },
            headers: { 'x-test-client': address },
          }),
        ),
      );
      const counts = statuses(results);
      const free = DEFAULT_AUTH_LIMITS.freeFailuresPerPair;
      // The free failures and one attempt after them reach the hasher; the rest wait.
      expect(counts[401]).toBeLessThanOrEqual(free + 1);
      expect(counts[429]).toBeGreaterThanOrEqual(50 - free - 1);
      expect(calls.verify).toBeLessThanOrEqual(free + 1);
      const refused = results.find((result) => result.status === 429)!;
      expect(refused.body).toEqual({ errors: [apiErrors.tooManyRequests.message] });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it("never locks the owner out: a stranger's failures slow only the stranger", async () => {
      const h = await harness();
      const owner = await newAccount(h);
      const stranger = unique('stranger');
      const attempts: CallResult[] = [];
      for (let index = 0; index < 20; index += 1) {
        attempts.push(
          await h.call('POST', '/api/auth/login', {
            body: { email: owner.email, password: `guess-${index}` },
            headers: { 'x-test-client': stranger },
          }),
        );
      }
      expect(statuses(attempts)[429]).toBeGreaterThan(10);
      const strangerRight = await h.call('POST', '/api/auth/login', {
        body: owner,
        headers: { 'x-test-client': stranger },
      });
      expect(strangerRight.status).toBe(429);
      const ownerLogin = await h.call('POST', '/api/auth/login', {
        body: owner,
        headers: { 'x-test-client': unique('owner-home') },
      });
      expect(ownerLogin.status).toBe(200);
    });

    it('forgets consecutive failures after a successful login', async () => {
      const h = await harness();
      const owner = await newAccount(h);
      const address = unique('forgetful');
      const login = (password: string) =>
        h.call('POST', '/api/auth/login', {
          body: { email: owner.email, password },
          headers: { 'x-test-client': address },
        });
      for (let index = 0; index < 4; index += 1) expect((await login('nope')).status).toBe(401);
      expect((await login(owner.password)).status).toBe(200);
      for (let index = 0; index < 5; index += 1) expect((await login('nope')).status).toBe(401);
    });

    it('limits failed logins per address over all accounts', async () => {
      const h = await harness({
        authLimits: { failuresPerAddress: { max: 8, windowSeconds: 60 } },
      });
      const address = unique('stuffer');
      const results: CallResult[] = [];
      for (let index = 0; index < 10; index += 1) {
        results.push(
          await h.call('POST', '/api/auth/login', {
            body: { email: `${unique('nobody')}@example.com`, password: 'pw' },
            headers: { 'x-test-client': address },
          }),
        );
      }
      expect(results.map((result) => result.status)).toEqual([...Array(8).fill(404), 429, 429]);
      const elsewhere = await h.call('POST', '/api/auth/login', {
        body: TEST_ACCOUNT,
        headers: { 'x-test-client': unique('elsewhere') },
      });
      expect(elsewhere.status).toBe(200);
    });

    it('slows every login down while failures pile up everywhere', async () => {
      const h = await harness({
        counters: opened.counters,
        authLimits: { global: { failuresPerMinute: 0, checksPerSecond: 3 } },
      });
      // One failure anywhere puts the (test-sized) global slow-down in force.
      await h.call('POST', '/api/auth/login', {
        body: { email: `${unique('nobody')}@example.com`, password: 'pw' },
        headers: { 'x-test-client': unique('somewhere') },
      });
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          h.call('POST', '/api/auth/login', {
            body: TEST_ACCOUNT,
            headers: { 'x-test-client': unique('crowd') },
          }),
        ),
      );
      expect(statuses(results)[429]).toBeGreaterThan(0);
      expect(statuses(results)[200]).toBeGreaterThan(0);
    });

    it('answers 503 with Retry-After when the hashing queue is full', async () => {
      const slow = countingHasher(200);
      const h = await harness({
        passwordHasher: boundedHasher(slow.hasher, {
          concurrency: 1,
          queue: 1,
          retryAfterSeconds: 3,
        }),
      });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          h.call('POST', '/api/auth/signup', {
            body: {
              firstName: 'Q',
              lastName: 'Ueue',
              email: `${unique(`queued-${index}`)}@example.com`,
              password: 'pw-123456',
            },
            headers: { 'x-test-client': unique('queue') },
          }),
        ),
      );
      const counts = statuses(results);
      expect(counts[201]).toBe(2);
      expect(counts[503]).toBe(4);
      const busy = results.find((result) => result.status === 503)!;
      expect(busy.headers.get('retry-after')).toBe('3');
      expect(busy.body).toEqual({ errors: [apiErrors.busy.message] });
    });

    it('counts on the shared counters: a second API instance sees the first one’s failures', async () => {
      const first = await harness();
      const owner = await newAccount(first);
      const address = unique('roaming');
      const guess = (h: Awaited<ReturnType<typeof harness>>) =>
        h.call('POST', '/api/auth/login', {
          body: { email: owner.email, password: 'wrong' },
          headers: { 'x-test-client': address },
        });
      for (let index = 0; index < 6; index += 1) await guess(first);
      if (!opened.counters) return; // memory counters belong to one API instance
      const second = await harness();
      expect((await guess(second)).status).toBe(429);
    });

    describe('extra signup fields', () => {
      const signup = async (extra: Record<string, unknown> | string) => {
        const h = await harness();
        const base = `"firstName":"E","lastName":"X","email":"${unique('extra')}@example.com","password":"extra-fields-1"`;
        const rawBody =
          typeof extra === 'string'
            ? `{${base},${extra}}`
            : `{${base},${JSON.stringify(extra).slice(1)}`;
        return h.call('POST', '/api/auth/signup', {
          rawBody,
          headers: { 'content-type': 'application/json', 'x-test-client': unique('x') },
        });
      };

      it('keeps up to 20 small fields nested up to 4 levels', async () => {
        const fields = Object.fromEntries(
          Array.from({ length: 19 }, (_, index) => [`field${index}`, index]),
        );
        const result = await signup({ ...fields, deep: { a: { b: { c: 'leaf' } } } });
        expect(result.status).toBe(201);
        expect(result.body.createdUser.deep).toEqual({ a: { b: { c: 'leaf' } } });
      });

      it('refuses a 21st field (422 naming the rule)', async () => {
        const fields = Object.fromEntries(
          Array.from({ length: 21 }, (_, index) => [`field${index}`, index]),
        );
        const result = await signup(fields);
        expect(result.status).toBe(422);
        expect(result.body).toEqual({ errors: ['At most 20 extra signup fields are allowed'] });
      });

      it('refuses fields over 4 KB (422 naming the rule)', async () => {
        const result = await signup({ bio: 'x'.repeat(5000) });
        expect(result.status).toBe(422);
        expect(result.body).toEqual({
          errors: ['Extra signup fields must take at most 4 KB as JSON'],
        });
      });

      it('refuses 5 levels, and 5,000 levels, of nesting with 422, never 500', async () => {
        const five = await signup({ deep: { a: { b: { c: { d: 1 } } } } });
        expect(five.status).toBe(422);
        expect(five.body).toEqual({
          errors: ['deep: extra signup fields may nest at most 4 levels deep'],
        });
        // Deeper than any body may nest: refused before it is parsed.
        const levels = 5000;
        const result = await signup(`"deep":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
        expect(result.status).toBe(422);
        expect(result.body).toEqual({
          errors: ['body must nest at most 64 levels deep'],
        });
      });
    });

    describe('sessions', () => {
      const likes = (h: Awaited<ReturnType<typeof harness>>, token: string) =>
        h.call('GET', '/api/user/likes', { token }).then((result) => result.status);

      it('refuses a token without exp, even when signed with the right key', async () => {
        const h = await harness();
        const { user } = await h.signUp();
        const forever = await sign(
          { _id: user._id, email: user.email, jti: 'no-exp', gen: 0 },
          TEST_SECRET,
          'HS256',
        );
        expect(await likes(h, forever)).toBe(401);
      });

      it('logout revokes that token on the server; the other sessions go on', async () => {
        const h = await harness();
        const { token, payload } = await h.signUp();
        const other = await h.call('POST', '/api/auth/login', {
          body: { email: payload.email, password: payload.password },
        });
        const out = await h.call('POST', '/api/auth/logout', { token });
        expect(out.status).toBe(200);
        expect(out.body).toEqual({ loggedOut: 'this session' });
        expect(await likes(h, token)).toBe(401);
        expect((await h.call('POST', '/api/auth/logout', { token })).status).toBe(401);
        expect(await likes(h, other.body.encodedToken)).toBe(200);
      });

      it('logout everywhere ends every session; a new login works', async () => {
        const h = await harness();
        const { token, payload } = await h.signUp();
        const credentials = { email: payload.email, password: payload.password };
        const other = await h.call('POST', '/api/auth/login', { body: credentials });
        const out = await h.call('POST', '/api/auth/logout-everywhere', { token });
        expect(out.body).toEqual({ loggedOut: 'every session' });
        expect(await likes(h, token)).toBe(401);
        expect(await likes(h, other.body.encodedToken)).toBe(401);
        const again = await h.call('POST', '/api/auth/login', { body: credentials });
        expect(await likes(h, again.body.encodedToken)).toBe(200);
      });

      it('answers logout without a valid token with 401 in the error shape', async () => {
        const h = await harness();
        const result = await h.call('POST', '/api/auth/logout');
        expect(result.status).toBe(401);
        expect(result.body).toEqual({ errors: [apiErrors.invalidToken.message] });
      });
    });

    describe('/api/test-todos', () => {
      it('shows each client the samples plus its own todos; nobody deletes another’s', async () => {
        const h = await harness();
        const [alice, bob] = [unique('alice'), unique('bob')];
        const as = (client: string) => ({ headers: { 'x-test-client': client } });
        const samples = (await h.call('GET', '/api/test-todos', as(alice))).body.todos;
        const added = await h.call('POST', '/api/test-todos', {
          ...as(alice),
          body: { title: 'mine' },
        });
        expect(added.status).toBe(201);
        const mine = added.body.todos.at(-1);
        expect(added.body.todos).toEqual([...samples, mine]);
        expect((await h.call('GET', '/api/test-todos', as(bob))).body.todos).toEqual(samples);
        const stolen = await h.call('DELETE', `/api/test-todos/${mine._id}`, as(bob));
        expect(stolen.status).toBe(404);
        expect(stolen.body).toEqual({ errors: [apiErrors.todoNotFound.message] });
        const sample = await h.call('DELETE', `/api/test-todos/${samples[0]._id}`, as(bob));
        expect(sample.status).toBe(404);
        expect((await h.call('GET', '/api/test-todos', as(alice))).body.todos).toEqual([
          ...samples,
          mine,
        ]);
        expect((await h.call('DELETE', `/api/test-todos/${mine._id}`, as(alice))).status).toBe(200);
      });

      it('keeps only the newest 20 own todos, so replies stay small', async () => {
        const h = await harness();
        const client = { 'x-test-client': unique('filler') };
        const samples = (await h.call('GET', '/api/test-todos', { headers: client })).body.todos;
        for (let index = 0; index < 25; index += 1) {
          const result = await h.call('POST', '/api/test-todos', {
            headers: client,
            body: { title: `todo ${index}` },
          });
          expect(result.status).toBe(201);
        }
        const list = await h.call('GET', '/api/test-todos', { headers: client });
        expect(list.body.todos.length).toBe(samples.length + 20);
        expect(
          list.body.todos.slice(samples.length).map((todo: { title: string }) => todo.title),
        ).toEqual(Array.from({ length: 20 }, (_, index) => `todo ${index + 5}`));
        expect(JSON.stringify(list.body).length).toBeLessThan(4096);
      });

      it('gives a signed-in user the same todos from any address', async () => {
        const h = await harness();
        const { token } = await h.signUp();
        await h.call('POST', '/api/test-todos', {
          token,
          headers: { 'x-test-client': unique('home') },
          body: { title: 'follows me' },
        });
        const elsewhere = await h.call('GET', '/api/test-todos', {
          token,
          headers: { 'x-test-client': unique('cafe') },
        });
        expect(elsewhere.body.todos.at(-1).title).toBe('follows me');
      });

      it('takes a logged-out token for no one: its todos stay out of reach', async () => {
        const h = await harness();
        const { token } = await h.signUp();
        const client = { 'x-test-client': unique('same-desk') };
        const added = await h.call('POST', '/api/test-todos', {
          token,
          headers: client,
          body: { title: 'before logout' },
        });
        const mine = added.body.todos.at(-1);
        expect((await h.call('POST', '/api/auth/logout', { token })).status).toBe(200);
        const after = await h.call('GET', '/api/test-todos', { token, headers: client });
        expect(after.body.todos.map((todo: { _id: string }) => todo._id)).not.toContain(mine._id);
        const deleted = await h.call('DELETE', `/api/test-todos/${mine._id}`, {
          token,
          headers: client,
        });
        expect(deleted.status).toBe(404);
      });
    });

    describe('the demo account', () => {
      it('is on by default and says so at GET /api/config', async () => {
        const h = await harness();
        expect((await h.call('GET', '/api/config')).body).toEqual({ demoAccount: true });
        expect((await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT })).status).toBe(200);
      });

      it('off: its published credentials open nothing, and GET /api/config says so', async () => {
        const h = await harness({ demoAccount: false });
        expect((await h.call('GET', '/api/config')).body).toEqual({ demoAccount: false });
        const login = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
        expect(login.status).toBe(404);
        expect(login.body).toEqual({ errors: [apiErrors.emailNotRegistered.message] });
      });
    });
  });
}
