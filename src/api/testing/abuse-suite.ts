import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { DEFAULT_AUTH_LIMITS, MAX_NEW_PASSWORD_LENGTH, TEST_ACCOUNT } from '../../contract/limits';
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

/**
 * A hasher whose hashes (signups) wait, once `hold` is on, until the test releases them; its
 * checks (logins) answer at once.
 */
function heldHasher() {
  const held: (() => void)[] = [];
  /** The passwords of the calls held, in the order they started. */
  const started: string[] = [];
  let holding = false;
  const holdIfAsked = async (password: string) => {
    if (!holding) return;
    started.push(password);
    await new Promise<void>((release) => held.push(release));
  };
  const hasher: PasswordHasher = {
    async hash(password) {
      await holdIfAsked(password);
      return testHasher.hash(password);
    },
    async verify(password, stored) {
      await holdIfAsked(password);
      return testHasher.verify(password, stored);
    },
  };
  return {
    hasher,
    held,
    started,
    hold: () => {
      holding = true;
    },
    releaseAll: () => {
      holding = false;
      for (const release of held.splice(0)) release();
    },
  };
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

    it('checks a password for an unknown email as for a real account (one verify, same answer)', async () => {
      const { hasher, calls } = countingHasher();
      const h = await harness({ passwordHasher: hasher });
      const owner = await newAccount(h);
      const login = async (email: string) => {
        const before = { ...calls };
        const result = await h.call('POST', '/api/auth/login', {
          body: { email, password: 'wrong-guess' },
          headers: { 'x-test-client': unique('prober') },
        });
        return { result, hash: calls.hash - before.hash, verify: calls.verify - before.verify };
      };
      const real = await login(owner.email);
      expect(real.result.status).toBe(401);
      expect(real.result.body).toEqual({ errors: [apiErrors.invalidCredentials.message] });
      // The first unknown email also makes the dummy hash (lazily: the page's API starts fast).
      const first = await login(`${unique('nobody')}@example.com`);
      expect({ hash: first.hash, verify: first.verify }).toEqual({ hash: 1, verify: 1 });
      const unknown = await login(`${unique('nobody')}@example.com`);
      expect(unknown.result.status).toBe(404);
      expect(unknown.result.body).toEqual({ errors: [apiErrors.emailNotRegistered.message] });
      expect({ hash: unknown.hash, verify: unknown.verify }).toEqual({ hash: 0, verify: 1 });
      expect({ hash: real.hash, verify: real.verify }).toEqual({ hash: 0, verify: 1 });
    });

    it('hashes the password of a signup for a taken email, as for a new one', async () => {
      const { hasher, calls } = countingHasher();
      const h = await harness({ passwordHasher: hasher });
      const signup = async (email: string) => {
        const before = { ...calls };
        const result = await h.call('POST', '/api/auth/signup', {
          body: { firstName: 'A', lastName: 'B', email, password: 'x-1-long-enough' },
          headers: { 'x-test-client': unique('addr') },
        });
        return { result, hash: calls.hash - before.hash, verify: calls.verify - before.verify };
      };
      const fresh = await signup(`${unique('fresh')}@example.com`);
      expect(fresh.result.status).toBe(201);
      const taken = await signup(TEST_ACCOUNT.email);
      expect(taken.result.status).toBe(422);
      expect(taken.result.body).toEqual({ errors: [apiErrors.emailExists.message] });
      expect({ hash: taken.hash, verify: taken.verify }).toEqual({ hash: 1, verify: 0 });
      expect({ hash: fresh.hash, verify: fresh.verify }).toEqual({ hash: 1, verify: 0 });
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

    it('a crowd of 32 addresses failing on the owner and on unknown emails stops neither the owner nor anyone else', async () => {
      const h = await harness();
      const owner = await newAccount(h);
      const someone = await newAccount(h);
      const login = (body: unknown, address: string) =>
        h.call('POST', '/api/auth/login', { body, headers: { 'x-test-client': address } });
      const home = unique('home');
      expect((await login(owner, home)).status).toBe(200);
      const crowd = Array.from({ length: 32 }, () => unique('crowd'));
      const ownerAnswers: number[] = [];
      const someoneAnswers: number[] = [];
      const crowdAnswers: number[] = [];
      // 34 rounds: over 1,000 failures from the crowd, each round's owner logins among them.
      for (let round = 0; round < 34; round += 1) {
        const attacks = crowd.flatMap((address) => [
          login({ email: `${unique('nobody')}@example.com`, password: 'guess' }, address),
          ...(round < 8
            ? [login({ email: owner.email, password: `guess-${round}` }, address)]
            : []),
        ]);
        const [own, other, ...rest] = (
          await Promise.all([...attacks, login(owner, home), login(someone, unique('clean'))])
        )
          .reverse()
          .map((result) => result.status);
        ownerAnswers.push(own!);
        someoneAnswers.push(other!);
        crowdAnswers.push(...rest);
      }
      expect(ownerAnswers).toEqual(Array(34).fill(200));
      expect(someoneAnswers).toEqual(Array(34).fill(200));
      // The crowd's guesses at the owner were limited, and nobody's answer was a 5xx.
      expect(crowdAnswers.filter((status) => status === 429).length).toBeGreaterThan(32);
      expect(crowdAnswers.every((status) => status < 500)).toBe(true);
    }, 120_000);

    it('forgets a deleted account’s limiter rows: a new signup with its email inherits no failures and no known addresses', async () => {
      const h = await harness({
        authLimits: { failuresPerAccount: { max: 10, windowSeconds: 60 } },
      });
      const email = `${unique('leaver')}@example.com`;
      const home = unique('home');
      const signup = (password: string, address: string) =>
        h.call('POST', '/api/auth/signup', {
          body: { firstName: 'Lee', lastName: 'Ver', email, password },
          headers: { 'x-test-client': address },
        });
      const login = (password: string, address: string) =>
        h.call('POST', '/api/auth/login', {
          body: { email, password },
          headers: { 'x-test-client': address },
        });
      const strangers = async (count: number) => {
        const statuses: number[] = [];
        for (let index = 0; index < count; index += 1)
          statuses.push((await login(`guess-${index}`, unique('crowd'))).status);
        return statuses;
      };
      const first = await signup('first-password-1', home);
      expect(first.status).toBe(201);
      expect(await strangers(10)).toEqual(Array(10).fill(401));
      const token = (await login('first-password-1', home)).body.encodedToken as string;
      const deleted = await h.call('POST', '/api/user/delete-account', {
        token,
        body: { currentPassword: 'first-password-1' },
      });
      expect(deleted.status).toBe(200);

      expect((await signup('second-password-2', unique('fresh'))).status).toBe(201);
      // The old account's ten failures are gone: ten more strangers before the limit.
      expect(await strangers(10)).toEqual(Array(10).fill(401));
      // The old account's home is a stranger to the new one.
      expect((await login('second-password-2', home)).status).toBe(429);
    });

    it('limits failures on one account from addresses that never logged into it; its known addresses go on', async () => {
      const h = await harness({
        authLimits: { failuresPerAccount: { max: 10, windowSeconds: 60 } },
      });
      const owner = await newAccount(h);
      const login = (password: string, address: string) =>
        h.call('POST', '/api/auth/login', {
          body: { email: owner.email, password },
          headers: { 'x-test-client': address },
        });
      const home = unique('home');
      expect((await login(owner.password, home)).status).toBe(200);
      const results: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        results.push((await login(`guess-${index}`, unique('crowd'))).status);
      }
      expect(results).toEqual([...Array(10).fill(401), 429, 429]);
      const newcomer = await login(owner.password, unique('new-laptop'));
      expect(newcomer.status).toBe(429);
      expect(newcomer.body).toEqual({ errors: [apiErrors.tooManyRequests.message] });
      expect(Number(newcomer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await login(owner.password, home)).status).toBe(200);
      // An unknown email is limited the same way: the answer never tells which exist.
      const nobody = `${unique('nobody')}@example.com`;
      const probes: number[] = [];
      for (let index = 0; index < 11; index += 1) {
        const probe = await h.call('POST', '/api/auth/login', {
          body: { email: nobody, password: 'guess' },
          headers: { 'x-test-client': unique('crowd') },
        });
        probes.push(probe.status);
      }
      expect(probes).toEqual([...Array(10).fill(404), 429]);
    });

    it('keeps logins their own share of the hashing while signups fill theirs', async () => {
      const fake = heldHasher();
      const h = await harness({
        passwordHasher: boundedHasher(fake.hasher, {
          concurrency: 1,
          queue: 4,
          retryAfterSeconds: 2,
        }),
      });
      // The account exists before the flood.
      const owner = await newAccount(h);
      fake.hold();
      const answered: CallResult[] = [];
      const signups = Array.from({ length: 10 }, (_, index) =>
        h
          .call('POST', '/api/auth/signup', {
            body: {
              firstName: 'F',
              lastName: 'Lood',
              email: `${unique(`flood-${index}`)}@example.com`,
              password: 'p'.repeat(MAX_NEW_PASSWORD_LENGTH),
            },
            headers: { 'x-test-client': unique('flood') },
          })
          .then((result) => {
            answered.push(result);
            return result;
          }),
      );
      // One signup hashing (held), four waiting, five turned away.
      await vi.waitFor(
        () => {
          expect(fake.held.length).toBe(1);
          expect(answered.length).toBe(5);
        },
        { timeout: 30_000 },
      );
      expect(statuses(answered)).toEqual({ 503: 5 });
      const login = h.call('POST', '/api/auth/login', {
        body: owner,
        headers: { 'x-test-client': unique('owner') },
      });
      fake.releaseAll();
      expect((await login).status).toBe(200);
      expect(statuses(await Promise.all(signups))).toEqual({ 201: 5, 503: 5 });
    });

    it('lets the owner log in from their usual address while strangers fill the login queue', async () => {
      const fake = heldHasher();
      const bounded = boundedHasher(fake.hasher, {
        concurrency: 1,
        queue: 4,
        retryAfterSeconds: 2,
      });
      const h = await harness({ passwordHasher: bounded });
      const owner = await newAccount(h);
      const home = unique('home');
      const ownerLogin = () =>
        h.call('POST', '/api/auth/login', { body: owner, headers: { 'x-test-client': home } });
      // The owner has logged in from home before: the account knows that address.
      expect((await ownerLogin()).status).toBe(200);
      // Unknown emails are checked against a dummy hash, made at the first one.
      const warm = await h.call('POST', '/api/auth/login', {
        body: { email: `${unique('nobody')}@example.com`, password: 'pw' },
        headers: { 'x-test-client': unique('warm') },
      });
      expect(warm.status).toBe(404);
      fake.hold();
      const answered: CallResult[] = [];
      const crowd = Array.from({ length: 10 }, (_, index) =>
        h
          .call('POST', '/api/auth/login', {
            body: { email: `${unique(`stranger-${index}`)}@example.com`, password: 'guess' },
            headers: { 'x-test-client': unique(`crowd-${index}`) },
          })
          .then((result) => {
            answered.push(result);
            return result;
          }),
      );
      // One stranger's check running (held), four waiting, five turned away.
      await vi.waitFor(
        () => {
          expect(fake.held.length).toBe(1);
          expect(answered.length).toBe(5);
        },
        { timeout: 30_000 },
      );
      expect(statuses(answered)).toEqual({ 503: 5 });
      // The owner is not turned away by the full queue, nor kept waiting behind it: its check
      // starts while the strangers' first is still running.
      const login = ownerLogin();
      await vi.waitFor(() => expect(fake.started).toHaveLength(2), { timeout: 30_000 });
      expect(fake.started[1]).toBe(owner.password);
      fake.held[1]!();
      expect((await login).status).toBe(200);
      fake.releaseAll();
      expect(statuses(await Promise.all(crowd))).toEqual({ 404: 5, 503: 5 });
    });

    it('answers the 21st signup from one address in an hour with 429 and Retry-After', async () => {
      const h = await harness({
        authLimits: { signupsPerAddress: DEFAULT_AUTH_LIMITS.signupsPerAddress },
      });
      const address = unique('farm');
      const signup = (email: string, from = address) =>
        h.call('POST', '/api/auth/signup', {
          body: { firstName: 'F', lastName: 'Arm', email, password: 'farm-password-1' },
          headers: { 'x-test-client': from },
        });
      const results: number[] = [];
      for (let index = 0; index < 19; index += 1) {
        results.push((await signup(`${unique('farmed')}@example.com`)).status);
      }
      // A taken email costs a hash too, so it counts.
      results.push((await signup(TEST_ACCOUNT.email)).status);
      expect(results).toEqual([...Array(19).fill(201), 422]);
      const refused = await signup(`${unique('farmed')}@example.com`);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ errors: [apiErrors.tooManyRequests.message] });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect((await signup(`${unique('farmed')}@example.com`, unique('other'))).status).toBe(201);
    });

    it('answers 503 with Retry-After when the hashing queue is full', async () => {
      const held = heldHasher();
      const h = await harness({
        passwordHasher: boundedHasher(held.hasher, {
          concurrency: 1,
          queue: 1,
          retryAfterSeconds: 3,
        }),
      });
      // An unknown email's login waits for the dummy hash the API makes when it starts.
      const warm = await h.call('POST', '/api/auth/login', {
        body: { email: `${unique('nobody')}@example.com`, password: 'pw' },
        headers: { 'x-test-client': unique('queue') },
      });
      expect(warm.status).toBe(404);
      // The hashes wait until released, however slow the machine: one hashes, one queues, and
      // the four others must be refused without waiting for either.
      held.hold();
      let answered = 0;
      let fourAnswered!: () => void;
      const four = new Promise<void>((resolve) => (fourAnswered = resolve));
      const calls = Array.from({ length: 6 }, (_, index) =>
        h
          .call('POST', '/api/auth/signup', {
            body: {
              firstName: 'Q',
              lastName: 'Ueue',
              email: `${unique(`queued-${index}`)}@example.com`,
              password: 'pw-123456',
            },
            headers: { 'x-test-client': unique('queue') },
          })
          .then((result) => {
            answered += 1;
            if (answered === 4) fourAnswered();
            return result;
          }),
      );
      await four;
      expect(held.held).toHaveLength(1);
      held.releaseAll();
      const results = await Promise.all(calls);
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
        expect((await h.call('GET', '/api/config')).body).toMatchObject({ demoAccount: true });
        expect((await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT })).status).toBe(200);
      });

      it('off: its published credentials open nothing, and GET /api/config says so', async () => {
        const h = await harness({ demoAccount: false });
        expect((await h.call('GET', '/api/config')).body).toMatchObject({ demoAccount: false });
        const login = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
        expect(login.status).toBe(404);
        expect(login.body).toEqual({ errors: [apiErrors.emailNotRegistered.message] });
      });
    });
  });
}
