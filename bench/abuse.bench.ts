import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { writeWebFixture } from '../src/server/testing/web-fixture';
import { createPostgresDatabase } from '../src/server/testing/test-databases';
import {
  attackNames,
  type AttackerMessage,
  type AttackName,
  type AttackTally,
} from './lib/abuse-attacker';
import {
  clientAgent,
  describeCounts,
  send,
  sleep,
  StatusTally,
  strongPassword,
  type Answer,
} from './lib/abuse-client';
import { projectRoot } from './lib/build';
import { describeStatuses, type LoadRequest } from './lib/load';
import { startPostgres } from './lib/postgres';
import { median, percentile } from './lib/stats';
import { fmt, printGoal, printLine, printZeroGoal } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { buildApp } from './lib/build';
import { connect, type Socket } from 'node:net';
import { DEFAULT_AUTH_LIMITS } from '../src/contract/limits';
import { tempDir } from './lib/temp';

const SERVER_PORTS = [3240, 3249] as const;
const POSTGRES_PORTS = [4540, 4549] as const;
const RATIO_GOAL = 3;

/** Which parts run: the five attacks (issue 26), and the signup floods against compression. */
const PARTS = (process.env.ABUSE_PARTS ?? 'attacks').split(',');
/** Which stores the attacks run on (PostgreSQL seeds its catalogue anew each run: slower). */
const STORES = (process.env.ABUSE_STORES ?? 'sqlite').split(',');
const ATTACKS = (process.env.ABUSE_ATTACKS ?? attackNames.join(','))
  .split(',')
  .filter((name): name is AttackName => {
    if ((attackNames as readonly string[]).includes(name)) return true;
    throw new Error(`ABUSE_ATTACKS: no attack named ${name}; there are ${attackNames.join(', ')}`);
  });
/** The catalogue the attacks run against (finding 5 was found at 200,000 videos). */
const VIDEOS = Number(process.env.ABUSE_VIDEOS ?? 200_000);
const IDLE_SECONDS = Number(process.env.ABUSE_IDLE_SECONDS ?? 5);
const ATTACK_SECONDS = Number(process.env.ABUSE_ATTACK_SECONDS ?? 10);
/** The real user gives up on a request after this long: an error, timed at this. */
const USER_TIMEOUT_MS = Number(process.env.ABUSE_USER_TIMEOUT_MS ?? 15_000);
/** The real user's pace: a login at most every 400 ms, a home page at most every 150 ms. */
const LOGIN_EVERY_MS = 400;
const HOME_EVERY_MS = 150;
/** The most an attacker waits to reach full strength (stalled bodies: sockets filling). */
const RAMP_CAP_MS = 6000;
const USER_ADDRESS = '127.0.0.1';

/** The home grid's category chips (the generated videos' topics); '' is the "All" chip. */
const HOME_CATEGORIES = [
  '',
  'HTML',
  'CSS',
  'Javascript',
  'React Js',
  'Node',
  'TypeScript',
  'SQL',
  'Git',
];

/**
 * The n-th cold home page: the first page of the home grid, each time for a different chip and
 * page size, so the server reads it (no kept answer, no cache entry) yet it is a request the web
 * app could make.
 */
function homePath(n: number): string {
  const category = HOME_CATEGORIES[n % HOME_CATEGORIES.length]!;
  const limit = 20 + (Math.floor(n / HOME_CATEGORIES.length) % 81);
  const chip = category ? `&category=${encodeURIComponent(category)}` : '';
  return `/api/videos?offset=0&limit=${limit}${chip}`;
}

/** What one store needs: a fresh copy of the seeded database per server. */
interface SeededStore {
  name: string;
  fresh: () => Promise<{ databaseUrl: string; drop: () => Promise<void> }>;
  stop: () => Promise<void>;
}

/** The files a seeded database depends on: a change to any of them seeds a new one. */
function seedKey(): string {
  const hash = createHash('sha256').update(String(VIDEOS));
  for (const folder of ['src/server/db/migrations', 'src/api/seed']) {
    const dir = join(projectRoot, folder);
    for (const name of readdirSync(dir).sort()) {
      if (name.includes('.test.')) continue;
      hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** Starts a one-process server seeding `VIDEOS` videos into `databaseUrl`, and stops it. */
async function seed(databaseUrl: string, webDir: string): Promise<number> {
  const started = performance.now();
  const server = await startBenchServer({
    webDir,
    ports: SERVER_PORTS,
    seedVideos: VIDEOS,
    startTimeoutMs: 30 * 60_000,
    pollMs: 1000,
    env: { DATABASE_URL: databaseUrl },
  });
  await server.stop();
  return (performance.now() - started) / 1000;
}

/**
 * SQLite: a seeded file kept between runs in data/bench-abuse/ (seeding 200,000 videos takes from
 * half a minute to several on a busy machine), copied for each server.
 */
async function sqliteStore(webDir: string): Promise<SeededStore> {
  const dir = join(projectRoot, 'data', 'bench-abuse');
  const seeded = join(dir, `sqlite-${VIDEOS}-${seedKey()}.sqlite`);
  if (existsSync(seeded)) {
    printLine(`SQLite: ${VIDEOS} videos from ${seeded} (kept from an earlier run)`);
  } else {
    mkdirSync(dir, { recursive: true });
    // Older seeds (other code, other counts) go: one kept file at a time.
    for (const name of readdirSync(dir)) rmSync(join(dir, name), { force: true });
    const work = tempDir('abuse-seed');
    const seconds = await seed(join(work, 'seed.sqlite'), webDir);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(join(work, `seed.sqlite${suffix}`))) {
        throw new Error(`the seeding server left seed.sqlite${suffix} behind`);
      }
    }
    copyFileSync(join(work, 'seed.sqlite'), `${seeded}.partial`);
    renameSync(`${seeded}.partial`, seeded);
    printLine(`SQLite: seeded ${VIDEOS} videos in ${fmt(seconds, 0)} s, kept in ${seeded}`);
  }
  return {
    name: 'SQLite',
    fresh: async () => {
      const copy = tempDir('abuse-db');
      const path = join(copy, 'bench.sqlite');
      copyFileSync(seeded, path, constants.COPYFILE_FICLONE);
      return {
        databaseUrl: path,
        drop: async () => rmSync(copy, { recursive: true, force: true }),
      };
    },
    stop: async () => {},
  };
}

async function asAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** PostgreSQL: an embedded server, seeded once per run; each server gets a copy (a template). */
async function postgresStore(webDir: string): Promise<SeededStore> {
  const postgres = await startPostgres(POSTGRES_PORTS);
  const template = await createPostgresDatabase(postgres.url);
  const seconds = await seed(template.url, webDir);
  printLine(`PostgreSQL (${postgres.version}): seeded ${VIDEOS} videos in ${fmt(seconds, 0)} s`);
  const admin = new URL(template.url);
  const templateName = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  let copies = 0;
  return {
    name: 'PostgreSQL',
    fresh: async () => {
      const name = `${templateName}_copy_${(copies += 1)}`;
      await asAdmin(admin.toString(), `create database "${name}" template "${templateName}"`);
      const url = new URL(template.url);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
        drop: () => asAdmin(admin.toString(), `drop database if exists "${name}" with (force)`),
      };
    },
    stop: async () => {
      await template.drop().catch(() => {});
      await postgres.stop();
    },
  };
}

/** A phase's figures for one kind of request of the real user. */
interface Samples {
  ms: number[];
  statuses: StatusTally;
  errors: number;
}

/** The real user: an account, a browser's keep-alive connections from their usual address. */
interface RealUser {
  email: string;
  password: string;
  login: () => Promise<Answer>;
  home: () => Promise<Answer>;
}

async function signUpRealUser(url: string): Promise<RealUser> {
  const agent = clientAgent(USER_ADDRESS, 4);
  const email = `real-user-${Date.now().toString(36)}@example.com`;
  const password = strongPassword(16);
  const signup = await send(url, agent, {
    path: '/api/auth/signup',
    json: { firstName: 'Real', lastName: 'User', email, password },
    timeoutMs: 60_000,
  });
  if (signup.status !== 201) {
    throw new Error(
      `the real user's signup answered ${signup.status}: ${signup.body.slice(0, 300)}`,
    );
  }
  let homes = 0;
  return {
    email,
    password,
    login: () =>
      send(url, agent, {
        path: '/api/auth/login',
        json: { email, password },
        timeoutMs: USER_TIMEOUT_MS,
      }),
    home: () =>
      send(url, agent, {
        path: homePath(homes++),
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        timeoutMs: USER_TIMEOUT_MS,
      }),
  };
}

/**
 * The real user's logins and cold home pages, side by side, each at its own pace, starting new
 * requests until `until()` says stop (requests in flight are then awaited, up to their timeout).
 */
async function sampleUser(user: RealUser, until: () => boolean) {
  const loop = async (everyMs: number, one: () => Promise<Answer>): Promise<Samples> => {
    const samples: Samples = { ms: [], statuses: new StatusTally(), errors: 0 };
    while (!until()) {
      const started = performance.now();
      const answer = await one();
      samples.ms.push(answer.ms);
      samples.statuses.add(answer.status);
      if (answer.status !== 200) samples.errors += 1;
      const wait = started + everyMs - performance.now();
      if (wait > 0 && !until()) await sleep(wait);
    }
    return samples;
  };
  const [login, home] = await Promise.all([
    loop(LOGIN_EVERY_MS, user.login),
    loop(HOME_EVERY_MS, user.home),
  ]);
  return { login, home };
}

const attackerFile = join(projectRoot, 'bench/lib/abuse-attacker.ts');

/**
 * Runs one attack in the attacker process and the real user beside it: the user's requests start
 * once the attack is at full strength and go on for ATTACK_SECONDS; then the attacker stops.
 */
async function underAttack(attack: AttackName, url: string, user: RealUser) {
  const child = fork(attackerFile, [], {
    cwd: projectRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let tally: AttackTally | undefined;
  let failure: string | undefined;
  let markReady = () => {};
  const ready = new Promise<void>((done) => (markReady = done));
  const finished = new Promise<void>((done) => {
    child.on('message', (message: AttackerMessage) => {
      if (message.type === 'ready') markReady();
      if (message.type === 'done') tally = message.tally;
      if (message.type === 'failed') failure = message.message;
      if (message.type !== 'ready') {
        markReady();
        done();
      }
    });
    void exited.then(() => {
      markReady();
      done();
    });
  });
  const maxMs = RAMP_CAP_MS + ATTACK_SECONDS * 1000 + USER_TIMEOUT_MS + 5000;
  child.send({ attack, url, victimEmail: user.email, maxMs });
  const startedAt = performance.now();
  await Promise.race([ready, sleep(RAMP_CAP_MS)]);
  const rampMs = performance.now() - startedAt;
  const windowEnd = performance.now() + ATTACK_SECONDS * 1000;
  const samples = await sampleUser(user, () => performance.now() >= windowEnd);
  if (child.connected) child.send({ type: 'stop' });
  await Promise.race([finished, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
  await exited;
  if (failure) throw new Error(`attacker (${attack}): ${failure}`);
  return { samples, tally, rampMs };
}

interface Row {
  store: string;
  attack: AttackName;
  idle: { login: Samples; home: Samples };
  during: { login: Samples; home: Samples };
  tally: AttackTally | undefined;
}

const ATTACK_TITLES: Record<AttackName, string> = {
  redos: 'ReDoS signups (80 KB email, 8 at a time)',
  'stalled-bodies': '140 stalled 1 MB bodies',
  'login-crowd': '30-address failed-login crowd',
  'crafted-search': `8 crafted searches at a time, ${VIDEOS.toLocaleString('en')} videos`,
  'hash-flood': '100-signup hash flood (128-char passwords)',
};

/** One attack on a fresh server (and a fresh copy of the seeded database): idle, then attacked. */
async function attackRow(store: SeededStore, attack: AttackName, webDir: string): Promise<Row> {
  const database = await store.fresh();
  let server: BenchServer | undefined;
  try {
    server = await startBenchServer({
      webDir,
      ports: SERVER_PORTS,
      env: {
        DATABASE_URL: database.databaseUrl,
        WEB_CONCURRENCY: '2',
        SIGNUPS_PER_HOUR: String(DEFAULT_AUTH_LIMITS.signupsPerAddress.max),
      },
    });
    const user = await signUpRealUser(server.url);
    // Warm-up: the user logs in from their usual address; both workers read a few pages.
    for (let index = 0; index < 3; index += 1) {
      const login = await user.login();
      if (login.status !== 200)
        throw new Error(`warm-up login answered ${login.status}: ${login.body}`);
    }
    for (let index = 0; index < 12; index += 1) {
      const home = await user.home();
      const videos =
        home.status === 200 ? (JSON.parse(home.body) as { videos: unknown[] }).videos : [];
      if (videos.length === 0)
        throw new Error(`warm-up home page answered ${home.status} with no videos`);
    }
    const idleEnd = performance.now() + IDLE_SECONDS * 1000;
    const idle = await sampleUser(user, () => performance.now() >= idleEnd);
    const { samples: during, tally, rampMs } = await underAttack(attack, server.url, user);
    printLine(
      `${store.name}, ${ATTACK_TITLES[attack]}: full strength after ${fmt(rampMs / 1000, 1)} s; ` +
        `attacker sent ${tally?.sent ?? '?'} (${describeCounts(tally?.statuses ?? {})})` +
        (tally?.note ? `; ${tally.note}` : ''),
    );
    for (const [kind, phase] of [
      ['login', during.login],
      ['home', during.home],
    ] as const) {
      printLine(
        `  real user's ${kind} during: ${phase.ms.length} requests (${describeCounts(phase.statuses.counts)})`,
      );
    }
    return { store: store.name, attack, idle, during, tally };
  } finally {
    // The attack may have left a worker frozen for minutes: no graceful stop.
    if (server) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
      await server.stop();
    }
    await database.drop();
  }
}

const ms = (samples: Samples) => median(samples.ms);

function printTable(rows: Row[]) {
  const header =
    '| store | attack | login idle | login attacked | ratio | login errors | home idle | home attacked | ratio | home errors |';
  console.log(`\n  ${header}`);
  console.log(
    `  |${header
      .split('|')
      .slice(1, -1)
      .map(() => ' --- ')
      .join('|')}|`,
  );
  for (const row of rows) {
    const cells = [
      row.store,
      ATTACK_TITLES[row.attack],
      `${fmt(ms(row.idle.login), 0)} ms`,
      `${fmt(ms(row.during.login), 0)} ms`,
      `${fmt(ms(row.during.login) / ms(row.idle.login), 1)}×`,
      `${row.during.login.errors} / ${row.during.login.ms.length}`,
      `${fmt(ms(row.idle.home), 1)} ms`,
      `${fmt(ms(row.during.home), 1)} ms`,
      `${fmt(ms(row.during.home) / ms(row.idle.home), 1)}×`,
      `${row.during.home.errors} / ${row.during.home.ms.length}`,
    ];
    console.log(`  | ${cells.join(' | ')} |`);
  }
  console.log('');
  for (const row of rows) {
    const label = `${row.store}, ${row.attack}`;
    printGoal(
      `${label}: login median / idle`,
      ms(row.during.login) / ms(row.idle.login),
      RATIO_GOAL,
      'at-most',
      '×',
    );
    printGoal(
      `${label}: home median / idle`,
      ms(row.during.home) / ms(row.idle.home),
      RATIO_GOAL,
      'at-most',
      '×',
    );
    printZeroGoal(`${label}: real user's errors`, row.during.login.errors + row.during.home.errors);
  }
}

/**
 * Issue 26's attacks, one at a time, each on a fresh server (the compiled server, two workers,
 * WEB_CONCURRENCY=2) over a fresh copy of a 200,000-video catalogue: the real user's login (from
 * their usual address, 127.0.0.1) and cold home page, idle, then while the attack runs.
 * Goal: attacked median ≤ 3 × idle median, and 0 errors for the real user.
 */
async function attacks() {
  const webDir = writeWebFixture(tempDir('abuse-web'));
  const rows: Row[] = [];
  for (const storeName of STORES) {
    const store =
      storeName === 'postgres' ? await postgresStore(webDir) : await sqliteStore(webDir);
    try {
      for (const attack of ATTACKS) rows.push(await attackRow(store, attack, webDir));
    } finally {
      await store.stop();
    }
  }
  printTable(rows);
}

// The signup floods against API compression (decision 0007), ABUSE_PARTS=compression.

const COMPRESSION_FLOOD = 250;
const FLOOD_PER_SECOND = 50;
const IDLE_SAMPLES = 40;
/** A catalogue big enough that gzip does real work on every GET /api/videos. */
const COMPRESSION_VIDEOS = 500;
const TAKEN_EMAIL = 'test@codetube.dev';

/** One compressed GET /api/videos, read whole: milliseconds. */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/videos`, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  if (response.status !== 200 || response.headers.get('content-encoding') !== 'gzip') {
    throw new Error(
      `GET /api/videos: ${response.status}, ${response.headers.get('content-encoding')}`,
    );
  }
  return performance.now() - started;
}

async function sequentialGets(url: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) samples.push(await timedGet(url));
  return samples;
}

/**
 * Sends `COMPRESSION_FLOOD` requests at `FLOOD_PER_SECOND`, open loop (each one leaves on time
 * whether or not the earlier ones were answered, as a script would send them); meanwhile
 * compressed GETs run one after another on their own connection. Not autocannon (load.ts): with a
 * rate it sends at most one request per connection in flight and caps the connections at the
 * rate, so a flood whose answers are slow would slow itself down, which is the very thing this
 * measures.
 */
async function duringFlood(url: string, next: (index: number) => LoadRequest) {
  const statuses: Record<string, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const post = async (request: LoadRequest) => {
    try {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers: request.body ? { 'content-type': 'application/json' } : {},
        body: request.body ? JSON.stringify(request.body) : undefined,
      });
      await response.arrayBuffer();
      count(response.status);
    } catch {
      count(0);
    }
  };
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let done = false;
  const flood = (async () => {
    for (let index = 0; index < COMPRESSION_FLOOD; index += 1) {
      const due = started + (index * 1000) / FLOOD_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
      pending.push(post(next(index)));
    }
    await Promise.all(pending);
    done = true;
  })();
  const samples: number[] = [];
  while (!done) samples.push(await timedGet(url));
  await flood;
  const floodMs = performance.now() - started;
  return { samples, floodMs, summary: describeStatuses(statuses) };
}

const floodSignup = (email: string, index: number): LoadRequest => ({
  label: 'signup',
  method: 'POST',
  path: '/api/auth/signup',
  body: { firstName: 'Flood', lastName: String(index), email, password: strongPassword() },
});

/**
 * A signup flood must not starve API compression. The idle median of a
 * compressed GET /api/videos against its median while 250 signups arrive at 50 per second, for a
 * taken email (refused before any hashing) and for fresh emails (hashed on the bounded queue; the
 * overflow answers 503 with Retry-After), beside 250 health checks flooded the same way.
 * Goal: each signup flood's median ≤ 3 × the idle median.
 */
async function compressionFloods() {
  const floods: { name: string; next: (index: number) => LoadRequest }[] = [
    // Same-run baseline: the cheapest request, flooded the same way.
    {
      name: 'health checks',
      next: () => ({ label: 'health', method: 'GET', path: '/api/health' }),
    },
    { name: 'taken email', next: (index) => floodSignup(TAKEN_EMAIL, index) },
    {
      name: 'fresh emails',
      next: (index) => floodSignup(`flood-${index}-${Date.now()}@example.com`, index),
    },
  ];
  // A fresh server (and database) per flood: each stays under the per-address limit by itself.
  for (const { name, next } of floods) {
    const server = await startBenchServer({
      webDir: writeWebFixture(tempDir('abuse-web')),
      ports: SERVER_PORTS,
      seedVideos: COMPRESSION_VIDEOS,
    });
    try {
      await sequentialGets(server.url, 5); // warm up
      const idle = median(await sequentialGets(server.url, IDLE_SAMPLES));
      printLine(
        `${name}: idle compressed GET /api/videos median ${fmt(idle)} ms (${IDLE_SAMPLES} samples)`,
      );
      const { samples, floodMs, summary } = await duringFlood(server.url, next);
      const during = median(samples);
      printLine(
        `${name}: ${COMPRESSION_FLOOD} requests at ${FLOOD_PER_SECOND}/s answered in ${fmt(floodMs, 0)} ms (${summary}); ` +
          `GET median ${fmt(during)} ms over ${samples.length} samples`,
      );
      printGoal(`${name} flood median / idle median`, during / idle, RATIO_GOAL, 'at-most', '×');
    } finally {
      await server.stop();
    }
  }
}

const RENDER_CONNECTIONS = 16;
const PIPELINE_CONNECTIONS = 6;
const PIPELINED_REQUESTS = 20_000;
const PIPELINE_RSS_GOAL_MB = 100;

/** The probes' p95 while `until()` is false: health, and a cold watch page (a new video each). */
async function probe(
  url: string,
  agent: ReturnType<typeof clientAgent>,
  ids: string[],
  until: () => boolean,
) {
  const health: number[] = [];
  const pages: number[] = [];
  let errors = 0;
  while (!until()) {
    const answer = await send(url, agent, { path: '/api/health', timeoutMs: USER_TIMEOUT_MS });
    health.push(answer.ms);
    const id = ids.shift();
    if (id) {
      const page = await send(url, agent, { path: `/watch/${id}`, timeoutMs: USER_TIMEOUT_MS });
      pages.push(page.ms);
      if (page.status !== 200) errors += 1;
    }
    if (answer.status !== 200) errors += 1;
    await sleep(50);
  }
  return { health, pages, errors };
}

/**
 * Issue 42, findings 13 and 14, on one process (WEB_CONCURRENCY=1) of the server built with its
 * page renderer: the real user's `/api/health` and cold watch pages (p95, 127.0.0.1) idle, then
 * while 16 connections from 127.0.0.2 ask for unique addresses (half `/trending?x=<n>`, half
 * `/results?q=<n>`, a real render each); then six connections each write 20,000 pipelined
 * `GET /trending` without reading, and the server's RSS is followed.
 */
async function renderFloods() {
  const webDir = await buildApp('server');
  for (const storeName of STORES) {
    const store =
      storeName === 'postgres' ? await postgresStore(webDir) : await sqliteStore(webDir);
    const database = await store.fresh();
    let server: BenchServer | undefined;
    try {
      server = await startBenchServer({
        webDir,
        ports: SERVER_PORTS,
        env: {
          DATABASE_URL: database.databaseUrl,
          WEB_CONCURRENCY: '1',
          PUBLIC_URL: 'https://tube.example.org',
        },
      });
      const url = server.url;
      const ids: string[] = [];
      for (const offset of [0, 100, 200]) {
        const answer = await fetch(`${url}/api/videos?offset=${offset}&limit=100`);
        ids.push(
          ...((await answer.json()) as { videos: { _id: string }[] }).videos.map((v) => v._id),
        );
      }
      const user = clientAgent(USER_ADDRESS, 2);
      await send(url, user, { path: '/trending', timeoutMs: USER_TIMEOUT_MS });
      const idleEnd = performance.now() + IDLE_SECONDS * 1000;
      const idle = await probe(url, user, ids, () => performance.now() >= idleEnd);
      // The attack: 16 loops from another address, each asking for a new address each time.
      const attacker = clientAgent('127.0.0.2', RENDER_CONNECTIONS);
      let stop = false;
      let sent = 0;
      const statuses = new StatusTally();
      let rendered = 0;
      const loops = Array.from({ length: RENDER_CONNECTIONS }, async (_, loop) => {
        while (!stop) {
          const n = (sent += 1);
          const path = n % 2 === 0 ? `/trending?x=${n}` : `/results?q=word${n}`;
          const answer = await send(url, attacker, { path, timeoutMs: USER_TIMEOUT_MS });
          statuses.add(answer.status);
          // A search's page rendered (a trending page is kept once rendered: it counts not).
          if (path.startsWith('/results') && answer.body.includes('<html data-rendered')) {
            rendered += 1;
          }
          if (answer.status === 0) await sleep(10 + loop);
        }
      });
      await sleep(1000);
      const attackEnd = performance.now() + ATTACK_SECONDS * 1000;
      const during = await probe(url, user, ids, () => performance.now() >= attackEnd);
      stop = true;
      await Promise.all(loops);
      const p95 = (values: number[]) => percentile(values, 95);
      printLine(
        `${store.name}, ${RENDER_CONNECTIONS} connections of unique-URL pages: ${sent} sent ` +
          `(${describeCounts(statuses.counts)}), ${rendered} of the searches rendered, the rest the shell`,
      );
      printLine(
        `  /api/health p95 idle ${fmt(p95(idle.health), 1)} ms, attacked ${fmt(p95(during.health), 1)} ms; ` +
          `cold watch page p95 idle ${fmt(p95(idle.pages), 1)} ms, attacked ${fmt(p95(during.pages), 1)} ms ` +
          `(${idle.pages.length} / ${during.pages.length} pages)`,
      );
      printGoal(
        `${store.name}: /api/health p95 attacked / idle`,
        p95(during.health) / p95(idle.health),
        RATIO_GOAL,
        'at-most',
        '×',
      );
      printGoal(
        `${store.name}: cold page p95 attacked / idle`,
        p95(during.pages) / p95(idle.pages),
        RATIO_GOAL,
        'at-most',
        '×',
      );
      printZeroGoal(`${store.name}: real user's errors`, idle.errors + during.errors);

      // Pipelining: six sockets, 20,000 requests each, never read.
      const before = server.rssMiB();
      let peak = before;
      const request = 'GET /trending HTTP/1.1\r\nHost: tube.example.org\r\n\r\n';
      const sockets: Socket[] = [];
      for (let index = 0; index < PIPELINE_CONNECTIONS; index += 1) {
        const socket = connect({
          port: Number(new URL(url).port),
          host: '127.0.0.1',
          localAddress: '127.0.0.3',
        });
        socket.on('error', () => {});
        socket.pause();
        sockets.push(socket);
        socket.write(request.repeat(PIPELINED_REQUESTS));
      }
      const pipelineEnd = performance.now() + ATTACK_SECONDS * 1000;
      while (performance.now() < pipelineEnd) {
        peak = Math.max(peak, server.rssMiB());
        await sleep(200);
      }
      const health = await send(url, user, { path: '/api/health', timeoutMs: USER_TIMEOUT_MS });
      for (const socket of sockets) socket.destroy();
      printLine(
        `${store.name}, ${PIPELINE_CONNECTIONS} × ${PIPELINED_REQUESTS.toLocaleString('en')} pipelined GET /trending, unread: ` +
          `RSS ${fmt(before, 0)} → peak ${fmt(peak, 0)} MiB; /api/health meanwhile ${health.status} in ${fmt(health.ms, 1)} ms`,
      );
      printGoal(
        `${store.name}: RSS growth under pipelining`,
        peak - before,
        PIPELINE_RSS_GOAL_MB,
        'at-most',
        ' MiB',
      );
    } finally {
      if (server) await server.stop();
      await database.drop();
      await store.stop();
    }
  }
}

export async function run(): Promise<void> {
  if (PARTS.includes('attacks')) await attacks();
  if (PARTS.includes('compression')) await compressionFloods();
  if (PARTS.includes('render')) await renderFloods();
}
