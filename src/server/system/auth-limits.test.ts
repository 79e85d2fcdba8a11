import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { BACKGROUND_NICE } from '../auth/background-derive';
import {
  childPids,
  killAllServers,
  startServer,
  type ServerProcess,
} from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS_A = [3270, 3279] as const;
const PORTS_B = [3280, 3289] as const;

afterAll(killAllServers);

/** A login as a client behind the proxy at `forwardedFor` (or straight from the socket). */
async function login(
  server: ServerProcess,
  password: string,
  forwardedFor?: string,
): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: TEST_ACCOUNT.email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function wrongPasswords(server: ServerProcess, count: number, forwardedFor?: string) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push(await login(server, `wrong-${index}`, forwardedFor));
  }
  return statuses;
}

/**
 * Wrong passwords one after another (the `index`th from `forwardedFor(index)`, when given) until
 * one is answered 429, or `most` were tried: their statuses.
 *
 * The backoff is a window of time (auth.ts): five failures free, then one attempt per window, 2 s
 * after the sixth and doubling with each attempt that gets through. On a slow machine a password
 * check can outlast a window, so the next attempt goes through too (401) where a fast machine
 * sees 429 — but only until the windows outgrow a check: for no 429 among the attempts after the
 * free five, each check has to outlast twice the one before (2 s, 4 s, 8 s, 16 s, ...), which
 * no machine that finishes the test in its time does. So the tests wait for the 429 that has to
 * come, never count on a window still being open.
 */
async function failUntilRefused(
  server: ServerProcess,
  most: number,
  forwardedFor: (index: number) => string | undefined = () => undefined,
): Promise<number[]> {
  const statuses: number[] = [];
  while (statuses.length < most && !statuses.includes(429)) {
    const index = statuses.length;
    statuses.push(await login(server, `wrong-${index}`, forwardedFor(index)));
  }
  return statuses;
}

async function inFreshDatabase(
  dialect: 'sqlite' | 'postgres',
  run: (env: Record<string, string>) => Promise<void>,
) {
  const dir = createTempDir();
  const postgres =
    dialect === 'postgres' ? await createPostgresDatabase(inject('postgresUrl')) : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dir.path,
    WEB_DIR: writeWebFixture(dir.path),
    JWT_SECRET: 'auth-limits-test-secret-of-at-least-32-chars',
    DATABASE_URL: postgres ? postgres.url : join(dir.path, 'codetube.sqlite'),
  };
  try {
    await run(env);
  } finally {
    killAllServers();
    await postgres?.drop();
    await dir.drop();
  }
}

/** The nice value of each thread of the server's processes (Linux: /proc), by "pid/thread". */
function threadNiceValues(server: ServerProcess): Map<string, number> {
  const values = new Map<string, number>();
  for (const pid of [server.child.pid!, ...childPids(server.child.pid!)]) {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
      values.set(`${pid}/${thread}`, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    }
  }
  return values;
}

describe('password hashing of a real server', () => {
  it.runIf(process.platform === 'linux')(
    'hashes signups on a thread of lower priority than the ones that serve pages',
    async () => {
      await inFreshDatabase('sqlite', async (env) => {
        const server = await startServer(env, PORTS_A);
        expect([...threadNiceValues(server).values()]).not.toContain(BACKGROUND_NICE);
        const signup = await fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Nice',
            lastName: 'Ten',
            email: 'nice-ten@example.com',
            password: 'a long enough passphrase',
          }),
        });
        expect(signup.status).toBe(201);
        const after = threadNiceValues(server);
        const lowered = [...after].filter(([, nice]) => nice === BACKGROUND_NICE);
        expect(lowered).toHaveLength(1);
        // Every other thread, the event loops and libuv's pool among them, keeps its priority.
        const primary = after.get(`${server.child.pid}/${server.child.pid}`);
        expect(new Set([...after.values()].filter((nice) => nice !== BACKGROUND_NICE))).toEqual(
          new Set([primary]),
        );
      });
    },
    60_000,
  );
});

describe.each(['sqlite', 'postgres'] as const)('login limits of real servers on %s', (dialect) => {
  it('behind TRUST_PROXY=1, one client’s failures leave the owner’s address alone', async () => {
    await inFreshDatabase(dialect, async (env) => {
      const server = await startServer({ ...env, TRUST_PROXY: '1' }, PORTS_A);
      // The attacker is slowed down: five free failures, then a 429 (within eleven attempts:
      // failUntilRefused); the owner, at another address, logs in.
      const attacker = await failUntilRefused(server, 11, () => '203.0.113.7');
      expect(attacker.slice(0, 5)).toEqual(Array(5).fill(401));
      expect(attacker).toContain(429);
      expect(await login(server, TEST_ACCOUNT.password, '198.51.100.20')).toBe(200);
    });
  }, 60_000);

  it('behind TRUST_PROXY=1, rotating X-Forwarded-For garbage counts as the socket itself', async () => {
    await inFreshDatabase(dialect, async (env) => {
      const server = await startServer({ ...env, TRUST_PROXY: '1' }, PORTS_A);
      const garbage = [
        'evil',
        'unknown',
        '999.1.1.1',
        '203.0.113.7:80',
        '<x>',
        'a, b',
        '_',
        'ff',
        '',
        '-',
      ];
      // All from one address (the test's socket): 5 free failures, then the backoff's 429
      // (failUntilRefused). Each value taken as an address would leave every attempt free: each
      // comes at most twice.
      const statuses = await failUntilRefused(
        server,
        2 * garbage.length,
        (index) => garbage[index % garbage.length],
      );
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
      expect(statuses).toContain(429);
    });
  }, 60_000);

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a forged header does not escape', async () => {
    await inFreshDatabase(dialect, async (env) => {
      const server = await startServer(env, PORTS_A);
      // Each attempt forges another address. Believed, each would be that address's first
      // failure (five are free) and none would wait; ignored, all are the socket's, and the
      // backoff answers 429 (failUntilRefused) long before the account's own limit (30 failures
      // from addresses it does not know) could.
      const statuses = await failUntilRefused(server, 15, (index) => `203.0.113.${index + 1}`);
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
      expect(statuses).toContain(429);
    });
  }, 60_000);

  it('keeps counting across a restart', async () => {
    await inFreshDatabase(dialect, async (env) => {
      const first = await startServer(env, PORTS_A);
      expect(await wrongPasswords(first, 6)).toEqual(Array(6).fill(401));
      await first.stop('SIGTERM');
      const second = await startServer(env, PORTS_A);
      // The sixth failure opened a 2 s backoff: a restart slower than that (a busy machine,
      // several workers) lets the next attempt through, which opens a 4 s one, and so on
      // (failUntilRefused). Forgotten counts would let five attempts through (five are free).
      expect(await failUntilRefused(second, 5)).toContain(429);
    });
  }, 60_000);
});

describe('SIGNUPS_PER_HOUR', () => {
  it('bounds the signups one address makes in an hour', async () => {
    await inFreshDatabase('sqlite', async (env) => {
      const server = await startServer({ ...env, SIGNUPS_PER_HOUR: '2' }, PORTS_A);
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Sam',
            lastName: 'Signup',
            email: `signup-${index}@example.com`,
            password: `correct-horse-${index}-battery`,
          }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    });
  }, 60_000);
});

describe('per-address limits on IPv6', () => {
  it('count one /64 as one address (signups through a trusted proxy)', async () => {
    await inFreshDatabase('sqlite', async (env) => {
      const server = await startServer(
        { ...env, SIGNUPS_PER_HOUR: '2', TRUST_PROXY: '1' },
        PORTS_A,
      );
      const signup = async (index: number, from: string) => {
        const response = await fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify({
            firstName: 'Sam',
            lastName: 'Six',
            email: `six-${index}@example.com`,
            password: `correct-horse-${index}-battery`,
          }),
        });
        await response.arrayBuffer();
        return response.status;
      };
      const oneNetwork = ['2001:db8:1:2::a', '2001:db8:1:2:ffff::1', '2001:DB8:1:2:1:2:3:4'];
      const statuses: number[] = [];
      for (const [index, from] of oneNetwork.entries()) statuses.push(await signup(index, from));
      expect(statuses).toEqual([201, 201, 429]);
      // The next /64 is another client.
      expect(await signup(10, '2001:db8:1:3::a')).toBe(201);
    });
  }, 60_000);
});

describe('two server processes on one PostgreSQL', () => {
  it('count failed logins together', async () => {
    await inFreshDatabase('postgres', async (env) => {
      const [a, b] = await Promise.all([startServer(env, PORTS_A), startServer(env, PORTS_B)]);
      expect(await wrongPasswords(a!, 3)).toEqual(Array(3).fill(401));
      expect(await wrongPasswords(b!, 3)).toEqual(Array(3).fill(401));
      // Six failures in all, the sixth the first of the backoff: attempts from here on, to
      // either process in turn, meet the backoff's 429 (failUntilRefused). Counted apart, each
      // process would have seen three and would let three more through (two free, then the
      // first of its backoff): six 401s.
      const servers = [a!, b!];
      const statuses: number[] = [];
      while (statuses.length < 6 && !statuses.includes(429)) {
        statuses.push(await login(servers[statuses.length % 2]!, `wrong-${statuses.length + 7}`));
      }
      expect(statuses).toContain(429);
    });
  }, 60_000);
});

describe('DEMO_ACCOUNT=off', () => {
  it('seeds no demo account and tells the page', async () => {
    await inFreshDatabase('sqlite', async (env) => {
      const server = await startServer({ ...env, DEMO_ACCOUNT: 'off' }, PORTS_A);
      expect(await login(server, TEST_ACCOUNT.password)).toBe(404);
      const config = await fetch(`${server.url}/api/config`);
      expect(await config.json()).toMatchObject({ demoAccount: false });
    });
  }, 60_000);
});

describe('SIGNUP and SIGNUP_EMAIL_DOMAINS', () => {
  const signUp = (server: ServerProcess, email: string) =>
    fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'L', email, password: 'a-long-secret-1' }),
    });

  it('closed: the server refuses signups with 403 and tells the page', async () => {
    await inFreshDatabase('sqlite', async (env) => {
      const server = await startServer({ ...env, SIGNUP: 'closed' }, PORTS_A);
      const config = await (await fetch(`${server.url}/api/config`)).json();
      expect(config.signup).toEqual({ open: false, emailDomains: [] });
      const refused = await signUp(server, 'ada@school.example');
      expect(refused.status).toBe(403);
      expect((await refused.json()).errors[0]).toMatch(/closed/);
    });
  }, 60_000);

  it('limited to domains: only those sign up', async () => {
    await inFreshDatabase('sqlite', async (env) => {
      const server = await startServer({ ...env, SIGNUP_EMAIL_DOMAINS: 'School.example' }, PORTS_A);
      const config = await (await fetch(`${server.url}/api/config`)).json();
      expect(config.signup).toEqual({ open: true, emailDomains: ['school.example'] });
      expect((await signUp(server, 'ada@elsewhere.example')).status).toBe(403);
      expect((await signUp(server, 'ada@school.example')).status).toBe(201);
    });
  }, 60_000);
});
