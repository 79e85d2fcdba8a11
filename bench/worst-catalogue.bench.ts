import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from './lib/postgres';
import { fmt, printGoal, printLine } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { tempDir } from './lib/temp';

/** Not the tests' ports (3270–3309), nor the catalogue bench's. */
const SERVER_PORTS = [3350, 3369] as const;
const POSTGRES_PORTS = [4560, 4569] as const;
/** Made-up videos seeded at start (SEED_VIDEOS), plus the six real ones. */
const VIDEOS = Number(process.env.WORST_VIDEOS ?? 1_000_000);
/** Which stores to run (`sqlite,postgres`). */
const STORES = (process.env.WORST_STORES ?? 'sqlite,postgres').split(',');
/** Distinct variants of each crafted request (each a cache miss that does the same work). */
const VARIANTS = Number(process.env.WORST_VARIANTS ?? 10);
/** Seeding a million videos takes minutes, on PostgreSQL more. */
const START_TIMEOUT_MS = 60 * 60 * 1000;
const GOAL_MS = 100;
const TICKS_PER_SECOND = 100;

/**
 * The crafted requests: each the worst of its kind that a client can ask for, as paths whose
 * `${n}` is replaced by 0 … VARIANTS − 1 to make a distinct request (a new page size or offset:
 * the same work, never a kept answer).
 */
const crafted: readonly { kind: string; path: (n: number) => string }[] = [
  // Issue 26: a text half the titles hold in another case ('Tutorials #', 'Tips #').
  { kind: 'home S #', path: (n) => `/api/videos?search=S%20%23&limit=${24 + n}` },
  { kind: 'home S # deep', path: (n) => `/api/videos?search=S%20%23&offset=${9_900 + n}` },
  {
    kind: 'home S # + category',
    path: (n) => `/api/videos?category=Git&search=S%20%23&limit=${24 + n}`,
  },
  // Too short for a trigram and held by no title: every video a candidate.
  { kind: 'home ~~', path: (n) => `/api/videos?search=%7E%7E&limit=${24 + n}` },
  { kind: 'home Zq (2 chars)', path: (n) => `/api/videos?search=Zq&limit=${24 + n}` },
  // A common lower-case word every title holds capitalised ('Explained' …): e, x, …
  { kind: 'home xplained', path: (n) => `/api/videos?search=XPLAINED&limit=${24 + n}` },
  { kind: 'home rare', path: (n) => `/api/videos?search=%23${987_654 - n}&limit=24` },
  // Issue 49: a trailing space, a space alone, and four one-letter words.
  { kind: 'home ss_', path: (n) => `/api/videos?search=ss%20&limit=${24 + n}` },
  { kind: 'home _', path: (n) => `/api/videos?search=%20&limit=${24 + n}` },
  { kind: 'results a e i o', path: (n) => `/api/videos/search?q=a%20e%20i%20o&limit=${24 + n}` },
  { kind: 'results s #', path: (n) => `/api/videos/search?q=s%20%23&limit=${24 + n}` },
  { kind: 'results deep', path: (n) => `/api/videos/search?q=lesson&offset=${9_900 + n}` },
  { kind: 'results 1 char', path: (n) => `/api/videos/search?q=%7E&limit=${24 + n}` },
  { kind: 'trending deep', path: (n) => `/api/videos/trending?offset=${VIDEOS - 100 + n}` },
  { kind: 'home deep page', path: (n) => `/api/videos?offset=${VIDEOS - 100 + n}` },
  {
    kind: 'category deep page',
    path: (n) => `/api/videos?category=Git&offset=${Math.floor(VIDEOS / 8) - 100 + n}`,
  },
];

/** A process's CPU time so far (user + system), in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL: the CPU of the backends serving the server's connections, read in /proc (not the
 * autovacuum workers, which a million-row seed keeps busy for a while after it).
 */
async function databaseCpu(client: pg.Client | undefined): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (!client) return used;
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database()
      and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  for (const { pid } of rows) used.set(pid, cpuMs(pid));
  return used;
}

const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? ms), 0);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function measure(dialect: string, server: BenchServer, database?: pg.Client) {
  // Warm up: the version read, the connections, the statements.
  await fetch(`${server.url}/api/videos?search=warm&limit=3`).then((answer) => answer.text());
  let worst = { kind: '', ms: 0, cpu: 0 };
  for (const { kind, path } of crafted) {
    const times: number[] = [];
    const statuses = new Set<number>();
    let stopped = 0;
    const serverBefore = cpuMs(server.pid);
    const databaseBefore = await databaseCpu(database);
    for (let n = 0; n < VARIANTS; n += 1) {
      const started = performance.now();
      const answer = await fetch(`${server.url}${path(n)}`);
      const body = (await answer.json()) as { searchStopped?: boolean };
      times.push(performance.now() - started);
      statuses.add(answer.status);
      if (body.searchStopped) stopped += 1;
    }
    const serverCpu = (cpuMs(server.pid) - serverBefore) / VARIANTS;
    const databaseSpent = spent(databaseBefore, await databaseCpu(database)) / VARIANTS;
    const p50 = median(times);
    printLine(
      `${dialect} ${kind.padEnd(20)} ${path(0)}: p50 ${fmt(p50, 1).padStart(7)} ms, max ` +
        `${fmt(Math.max(...times), 1).padStart(7)} ms, server CPU ${fmt(serverCpu, 1)} ms` +
        (database ? `, database CPU ${fmt(databaseSpent, 1)} ms` : '') +
        ` per request; statuses ${[...statuses].join(',')}` +
        (stopped > 0 ? `; searchStopped ${stopped}/${VARIANTS}` : ''),
    );
    if (p50 > worst.ms) worst = { kind, ms: p50, cpu: serverCpu + databaseSpent };
  }
  printLine(`${dialect} worst: ${worst.kind}, CPU ${fmt(worst.cpu, 1)} ms per request`);
  printGoal(`${dialect} worst crafted catalogue request p50`, worst.ms, GOAL_MS, 'at-most', ' ms');
}

/**
 * Waits (at most 10 minutes) until no autovacuum worker runs: right after a million-row seed they
 * take the cores for minutes, and the figures would be theirs, not the requests'.
 */
async function autovacuumDone(database: pg.Client) {
  const started = performance.now();
  for (;;) {
    const { rows } = await database.query<{ busy: string }>(
      `select count(*) as busy from pg_stat_activity where backend_type = 'autovacuum worker'`,
    );
    if (Number(rows[0]?.busy) === 0 || performance.now() - started > 600_000) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  printLine(
    `postgres autovacuum after the seed: ${fmt((performance.now() - started) / 1000, 0)} s`,
  );
}

async function onStore(dialect: 'sqlite' | 'postgres', webDir: string, postgresUrl?: string) {
  const server = await startBenchServer({
    webDir,
    ports: SERVER_PORTS,
    postgresUrl,
    seedVideos: VIDEOS,
    startTimeoutMs: START_TIMEOUT_MS,
  });
  const database = postgresUrl ? new pg.Client({ connectionString: postgresUrl }) : undefined;
  try {
    printLine(
      `${dialect} start with SEED_VIDEOS=${VIDEOS.toLocaleString('en')}: ` +
        `${fmt(server.startMs / 1000, 0)} s`,
    );
    await database?.connect();
    if (database) await autovacuumDone(database);
    await measure(dialect, server, database);
  } finally {
    await database?.end();
    await server.stop();
  }
}

/**
 * The worst catalogue requests a client can craft, at WORST_VIDEOS (a million) made-up videos on
 * SQLite and PostgreSQL, one at a time against an idle server: each kind's time and the server's
 * CPU per request (PostgreSQL: and its backends'), against the goal of 100 ms (issue 26).
 */
export async function run(): Promise<void> {
  // The API is what is measured: a one-page site is enough to start the server.
  const webDir = tempDir('worst-web');
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
  printLine(
    `${VIDEOS.toLocaleString('en')} made-up videos (+6), ${VARIANTS} distinct requests per kind`,
  );
  if (STORES.includes('sqlite')) await onStore('sqlite', webDir);
  if (STORES.includes('postgres')) {
    const postgres = await startPostgres(POSTGRES_PORTS);
    try {
      await onStore('postgres', webDir, postgres.url);
    } finally {
      await postgres.stop();
    }
  }
}
