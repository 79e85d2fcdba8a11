/**
 * `npm run bench -- api`: the API's speed (decisions 0009 and 0010), every figure against a same-run baseline.
 *
 * - reads: GET /api/videos (6 videos), one 24-video page at API_BENCH_VIDEOS (a million) videos
 *   and a signed-in GET /api/user/likes, each against a bare node:http process replaying the
 *   very bytes the app sent, at 50 connections, in alternating rounds;
 * - cluster: `npm start` with WEB_CONCURRENCY=2 against WEB_CONCURRENCY=1 on GET /api/videos;
 * - writes: an authenticated write mix offered at 1,000 requests/s on SQLite and PostgreSQL
 *   (p99 and errors; GET /api/health at the same rate as the baseline), then a step search for
 *   the highest offered rate that keeps p99 ≤ 50 ms;
 * - start: `npm start` to the first answered GET /api/health, beside `node --import tsx
 *   src/server/main.ts` and a bare node:http process.
 * API_BENCH_PARTS picks parts (reads,cluster,writes,start), API_BENCH_STORES the write stores.
 */
import { spawn } from 'node:child_process';
import type { Recording } from './lib/bare-server';
import { buildApp, projectRoot } from './lib/build';
import { describeStatuses, runLoad, type LoadOptions, type LoadResult } from './lib/load';
import { startPostgres } from './lib/postgres';
import { recordAnswer, startBareServer } from './lib/recording';
import { fmt, printGoal, printLine, printRatio, printRatioGoal, printZeroGoal } from './lib/report';
import {
  processGroup,
  readCpuSeconds,
  signUpUsers,
  startBenchServer,
  waitUntilHealthy,
  type BenchServer,
} from './lib/server';
import { median } from './lib/stats';
import { freePort } from '../src/server/testing/free-port';
import { ensureWebBuild, webStaleReason } from '../scripts/build-state.mjs';

/** App servers, bare servers and the start-up runs (one at a time each, so one range). */
const PORTS = [3210, 3229] as const;
const POSTGRES_PORTS = [4510, 4519] as const;
const PARTS = (process.env.API_BENCH_PARTS ?? 'reads,cluster,writes,start').split(',');
const STORES = (process.env.API_BENCH_STORES ?? 'sqlite,postgres').split(',');
/** Made-up videos of the big catalogue (SEED_VIDEOS); a million by default. */
const VIDEOS = Number(process.env.API_BENCH_VIDEOS ?? 1_000_000);
/** Seconds per measured round; rounds alternate app and baseline so drift hits both alike. */
const ROUND_SECONDS = Number(process.env.API_ROUND_SECONDS ?? 5);
const ROUNDS = 2;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
/** The first page the web app asks for (src/web: offset 0, DEFAULT_VIDEO_PAGE = 24). */
const PAGE_PATH = '/api/videos?offset=0&limit=24';
const READ_GOAL = 0.8;
const LIKES_GOAL = 0.5;
const CLUSTER_GOAL = 1.6;
/** The write mix: offered rate and its goals. */
const WRITE_RATE = 1000;
const WRITE_SECONDS = Number(process.env.API_WRITE_SECONDS ?? 15);
const WRITE_P99_GOAL_MS = 20;
/**
 * The write mix runs this long at WRITE_RATE before anything is judged (its figures are printed):
 * a fresh server's first seconds of writes (code compiled on first use, PostgreSQL connections and
 * their prepared statements made) are its start, not its steady pace. The reads warm up too.
 */
const WRITE_WARMUP_SECONDS = 5;
/** The step search: rates tried, each for STEP_SECONDS, judged on p99 ≤ STEP_P99_MS. */
const STEP_SECONDS = Number(process.env.API_STEP_SECONDS ?? 10);
const STEP_P99_MS = 50;
const FIRST_STEP = 500;
const MAX_STEP = 8000;
const MIN_STEP = 30;
const BISECTIONS = 2;
/** A step counts only if the generator offered what was asked (it is connection-bound). */
const ACHIEVED_SHARE = 0.9;
/** Users of the write mix (connection i is user i % USERS): signups are slow by design. */
const USERS = 50;
/** The write mix's catalogue: every like takes a new video, for the whole write part. */
const WRITE_VIDEOS = 100_000;
const START_RUNS = 3;
/** Seeding a million videos takes minutes on a busy machine. */
const START_TIMEOUT_MS = 60 * 60 * 1000;

const count = (value: number) => Math.round(value).toLocaleString('en');

const summary = (result: LoadResult) =>
  `${count(result.requestsPerSecond)} req/s, p50 ${fmt(result.latency.p50)} ms, ` +
  `p99 ${fmt(result.latency.p99)} ms, ${result.failed} failed, generator ${fmt(result.generatorCores)} cores`;

/** One closed-loop GET on 50 connections for `seconds`. */
const readLoad = (url: string, path: string, headers: Record<string, string>, seconds: number) =>
  runLoad({ url: `${url}${path}`, headers, connections: CONNECTIONS, duration: seconds });

/**
 * readLoad, and the CPU the serving process used per answer meanwhile (user + system, in µs),
 * when its pid is known: steadier than the rate on a shared machine.
 */
async function readLoadWithCpu(
  target: { url: string; pid?: number },
  path: string,
  headers: Record<string, string>,
  seconds: number,
) {
  const before = target.pid ? readCpuSeconds(target.pid) : 0;
  const result = await readLoad(target.url, path, headers, seconds);
  const cpuMicros = target.pid
    ? ((readCpuSeconds(target.pid) - before) * 1e6) / Math.max(result.requests, 1)
    : undefined;
  return { result, cpuMicros };
}

const cpuText = (micros: number | undefined) =>
  micros === undefined ? '' : `, server CPU ${fmt(micros)} µs/request`;

/**
 * The same closed-loop GET against `app` and `baseline`, warmed up, then ROUNDS alternating
 * rounds each; the ratio of the summed rates.
 */
async function compareRates(
  name: string,
  app: { url: string; pid?: number },
  baseline: { url: string; pid?: number },
  path: string,
  headers: Record<string, string> = {},
) {
  await readLoad(app.url, path, headers, WARMUP_SECONDS);
  await readLoad(baseline.url, path, headers, WARMUP_SECONDS);
  let appRate = 0;
  let baselineRate = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const { result: a, cpuMicros: aCpu } = await readLoadWithCpu(app, path, headers, ROUND_SECONDS);
    const { result: b, cpuMicros: bCpu } = await readLoadWithCpu(
      baseline,
      path,
      headers,
      ROUND_SECONDS,
    );
    printLine(`  round ${round} ${name.padEnd(8)} ${summary(a)}${cpuText(aCpu)}`);
    printLine(`  round ${round} baseline ${summary(b)}${cpuText(bCpu)}`);
    for (const [side, result] of [
      [name, a],
      ['baseline', b],
    ] as const) {
      if (result.failed > 0) {
        printLine(
          `  ${side}: ${result.failed} failed (${describeStatuses(result.statusCounts)}, ` +
            `${result.errors} connection errors: ${result.errorSamples.join('; ')}) ` +
            JSON.stringify(result.samples.slice(0, 2)),
        );
      }
    }
    appRate += a.requestsPerSecond;
    baselineRate += b.requestsPerSecond;
  }
  return appRate / baselineRate;
}

/** The reads against a bare node:http server replaying their recorded bytes. */
async function measureReads(webDir: string) {
  const small = await startBenchServer({ webDir, ports: PORTS });
  let big: BenchServer | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    big = await startBenchServer({
      webDir,
      ports: PORTS,
      seedVideos: VIDEOS,
      startTimeoutMs: START_TIMEOUT_MS,
    });
    printLine(
      `reads: 6-video server started in ${fmt(small.startMs / 1000, 1)} s; ` +
        `SEED_VIDEOS=${count(VIDEOS)} server in ${fmt(big.startMs / 1000, 1)} s`,
    );
    const [token] = await signUpUsers(small.url, 1, 'api-likes');
    const gzip = { 'accept-encoding': 'gzip' };
    const cases: {
      name: string;
      url: string;
      path: string;
      headers: Record<string, string>;
      goal?: number;
    }[] = [
      { name: 'GET /api/videos, 6 videos', url: small.url, path: '/api/videos', headers: {} },
      {
        name: 'GET /api/videos, 6 videos, gzip',
        url: small.url,
        path: '/api/videos',
        headers: gzip,
      },
      {
        name: `GET ${PAGE_PATH}, ${count(VIDEOS + 6)} videos`,
        url: big.url,
        path: PAGE_PATH,
        headers: {},
      },
      {
        name: `GET ${PAGE_PATH}, ${count(VIDEOS + 6)} videos, gzip`,
        url: big.url,
        path: PAGE_PATH,
        headers: gzip,
      },
      {
        name: 'signed-in GET /api/user/likes (empty)',
        url: small.url,
        path: '/api/user/likes',
        headers: { authorization: token! },
        goal: LIKES_GOAL,
      },
    ];
    const recording: Recording = {};
    for (const read of cases) {
      const bytes = await recordAnswer(recording, read.url, read.path, read.headers);
      printLine(`${read.name}: ${count(bytes)} bytes`);
    }
    bare = await startBareServer(recording, PORTS);
    printLine(`${CONNECTIONS} connections, closed loop; baseline: bare node:http, same bytes`);
    for (const read of cases) {
      printLine(`${read.name}:`);
      const app = { url: read.url, pid: read.url === small.url ? small.pid : big.pid };
      const ratio = await compareRates('app', app, bare, read.path, read.headers);
      printRatioGoal(`${read.name}, app / bare`, ratio, read.goal ?? READ_GOAL);
    }
  } finally {
    await bare?.stop();
    await big?.stop();
    await small.stop();
  }
}

/** What is running in the server's process group, e.g. `npm, sh, node …`. */
function describeGroup(server: BenchServer) {
  const members = processGroup(server);
  const node = members.filter(({ command }) => /(^|\/)node /.test(command));
  return {
    nodes: node.length,
    text: members.map(({ pid, command }) => `${pid} ${command.slice(0, 70)}`).join('; '),
  };
}

/** `npm start` with WEB_CONCURRENCY=2 against WEB_CONCURRENCY=1, on GET /api/videos. */
async function measureCluster(webDir: string) {
  const one = await startBenchServer({
    webDir,
    ports: PORTS,
    command: 'npm-start',
    env: { WEB_CONCURRENCY: '1' },
  });
  let two: BenchServer | undefined;
  try {
    two = await startBenchServer({
      webDir,
      ports: PORTS,
      command: 'npm-start',
      env: { WEB_CONCURRENCY: '2' },
    });
    const groups = [describeGroup(one), describeGroup(two)];
    printLine(`WEB_CONCURRENCY=1 runs ${groups[0]!.nodes} node processes: ${groups[0]!.text}`);
    printLine(`WEB_CONCURRENCY=2 runs ${groups[1]!.nodes} node processes: ${groups[1]!.text}`);
    if (groups[1]!.nodes <= groups[0]!.nodes) {
      printLine('no more processes with WEB_CONCURRENCY=2: the server does not fork workers (yet)');
    }
    printLine(
      `GET /api/videos (6 videos), ${CONNECTIONS} connections; baseline WEB_CONCURRENCY=1:`,
    );
    // npm start's pid is npm's, not the serving processes': rates only.
    const ratio = await compareRates('WC=2', { url: two.url }, { url: one.url }, '/api/videos');
    printRatioGoal('WEB_CONCURRENCY=2 / WEB_CONCURRENCY=1, GET /api/videos', ratio, CLUSTER_GOAL);
  } finally {
    await two?.stop();
    await one.stop();
  }
}

/**
 * Connections for an offered rate: a connection waits for each answer, and autocannon gives each
 * one a budget per second that it sends back to back, so about 5 a second each, 50 to 400.
 */
const connectionsFor = (rate: number) => Math.min(400, Math.max(50, Math.ceil(rate / 5)));

function printMix(name: string, result: LoadResult) {
  printLine(
    `${name}: offered ${count(result.offeredRate ?? 0)}/s on ${result.connections} connections, ` +
      `achieved ${count(result.requestsPerSecond)}/s; p50 ${fmt(result.latency.p50)} ms, ` +
      `p95 ${fmt(result.latency.p95)} ms, p99 ${fmt(result.latency.p99)} ms, ` +
      `max ${fmt(result.latency.max)} ms; statuses ${describeStatuses(result.statusCounts)}; ` +
      `${result.errors} connection errors (${result.timeouts} timeouts); ` +
      `generator ${fmt(result.generatorCores)} cores`,
  );
  for (const [label, figures] of Object.entries(result.byLabel)) {
    printLine(
      `  ${label.padEnd(12)} p50 ${fmt(figures.latency.p50)} ms, p99 ${fmt(figures.latency.p99)} ms, ` +
        `${figures.unexpected} unexpected of ${figures.latency.count}`,
    );
  }
  for (const sample of result.samples) {
    printLine(`  unexpected: ${sample.label} ${sample.status} ${sample.body}`);
  }
  if (result.errorSamples.length > 0) {
    printLine(`  connection errors: ${result.errorSamples.join('; ')}`);
  }
}

/** The write mix at WRITE_RATE, and the step search, on one store. */
async function measureWrites(webDir: string, dialect: 'sqlite' | 'postgres', postgresUrl?: string) {
  const server = await startBenchServer({
    webDir,
    ports: PORTS,
    postgresUrl,
    seedVideos: WRITE_VIDEOS,
    startTimeoutMs: START_TIMEOUT_MS,
  });
  try {
    const tokens = await signUpUsers(server.url, USERS, `api-${dialect}`);
    let walked = 0;
    const mix = async (rate: number, seconds: number) => {
      const connections = connectionsFor(rate);
      // At most this many likes: the walk must stay inside the catalogue.
      if (walked + (rate * seconds * 1.5) / 5 + connections > WRITE_VIDEOS) {
        throw new Error(`the write mix would walk past ${WRITE_VIDEOS} videos`);
      }
      const result = await runLoad({
        url: server.url,
        connections,
        duration: seconds,
        overallRate: rate,
        scenario: {
          name: 'writeMix',
          args: { tokens, seededVideos: WRITE_VIDEOS, firstVideo: walked },
        },
      });
      // Every like answered, plus at most one in flight per connection when the run stopped.
      walked += (result.byLabel.like?.latency.count ?? 0) + connections;
      return result;
    };
    const rated = (rate: number): LoadOptions => ({
      url: `${server.url}/api/health`,
      connections: connectionsFor(rate),
      duration: WRITE_SECONDS,
      overallRate: rate,
    });

    const warmup = await mix(WRITE_RATE, WRITE_WARMUP_SECONDS);
    printMix(`${dialect} warm-up, not judged: write mix for ${WRITE_WARMUP_SECONDS} s`, warmup);
    // Same-run baseline: the cheapest round trip through the same stack, offered the same way.
    const health = await runLoad(rated(WRITE_RATE));
    printMix(`${dialect} baseline GET /api/health`, health);
    const writes = await mix(WRITE_RATE, WRITE_SECONDS);
    printMix(`${dialect} write mix`, writes);
    printGoal(
      `${dialect} write mix at ${count(WRITE_RATE)}/s offered, p99`,
      writes.latency.p99,
      WRITE_P99_GOAL_MS,
      'at-most',
      ' ms',
    );
    printZeroGoal(
      `${dialect} write mix errors (connection errors + unexpected statuses)`,
      writes.failed,
    );
    printRatio(
      `${dialect} write mix achieved / offered`,
      writes.requestsPerSecond / WRITE_RATE,
      `${count(writes.requestsPerSecond)} of ${count(WRITE_RATE)} requests/s`,
    );
    printRatio(
      `${dialect} write mix p99 / GET /api/health p99 at the same offered rate`,
      writes.latency.p99 / health.latency.p99,
      `${fmt(writes.latency.p99)} ms / ${fmt(health.latency.p99)} ms`,
    );

    printLine(
      `${dialect} step search: offered rates for ${STEP_SECONDS} s each; a step passes with ` +
        `p99 ≤ ${STEP_P99_MS} ms, no failures and ≥ ${ACHIEVED_SHARE * 100} % of the rate achieved`,
    );
    const step = async (rate: number) => {
      const result = await mix(rate, STEP_SECONDS);
      const pass =
        result.latency.p99 <= STEP_P99_MS &&
        result.failed === 0 &&
        result.requestsPerSecond >= ACHIEVED_SHARE * rate;
      printLine(
        `  ${count(rate).padStart(6)}/s offered: achieved ${count(result.requestsPerSecond)}/s, ` +
          `p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, ` +
          `${result.failed} failed, ${result.connections} connections → ${pass ? 'pass' : 'fail'}`,
      );
      if (result.failed > 0) {
        printLine(
          `    failed: ${result.errors} connection errors (${result.timeouts} timeouts); ` +
            `statuses ${describeStatuses(result.statusCounts)}; ` +
            [
              ...result.errorSamples,
              ...result.samples.map((sample) => `${sample.label} ${sample.status} ${sample.body}`),
            ].join('; '),
        );
      }
      return pass;
    };
    let low: number | undefined;
    let high: number | undefined;
    if (await step(FIRST_STEP)) {
      low = FIRST_STEP;
      for (let rate = FIRST_STEP * 2; rate <= MAX_STEP; rate *= 2) {
        if (!(await step(rate))) {
          high = rate;
          break;
        }
        low = rate;
      }
    } else {
      high = FIRST_STEP;
      for (let rate = FIRST_STEP / 2; rate >= MIN_STEP; rate = Math.round(rate / 2)) {
        if (await step(rate)) {
          low = rate;
          break;
        }
        high = rate;
      }
    }
    for (let bisection = 0; bisection < BISECTIONS && low && high; bisection += 1) {
      const middle = Math.round((low + high) / 2);
      if (await step(middle)) low = middle;
      else high = middle;
    }
    const found =
      low === undefined
        ? `none down to ${MIN_STEP}/s`
        : high === undefined
          ? `≥ ${count(low)}/s (the highest step tried)`
          : `${count(low)}/s (${count(high)}/s failed)`;
    printLine(`${dialect} highest offered write rate with p99 ≤ ${STEP_P99_MS} ms: ${found}`);
    if (low !== undefined) {
      printRatio(
        `${dialect} highest write rate with p99 ≤ ${STEP_P99_MS} ms / ${count(WRITE_RATE)}/s`,
        low / WRITE_RATE,
        `no goal of its own; the ${count(WRITE_RATE)}/s goal above implies ≥ 1`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** The floor: a bare node:http process answering /api/health, started the same way. */
async function startBareNode() {
  const port = await freePort(...PORTS);
  const script =
    `require('node:http').createServer((q, s) => s.end('{"status":"ok"}'))` +
    `.listen(${port}, '127.0.0.1')`;
  const spawned = performance.now();
  // Detached: its own process group, in which waitUntilHealthy finds its listening socket.
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore', detached: true });
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, () => '', 30_000, 10);
    return performance.now() - spawned;
  } finally {
    child.kill('SIGKILL');
  }
}

/** `npm start` (and the tsx entry, and bare node) to the first answered /api/health. */
async function measureStart() {
  const starts = {
    'npm start': async () => {
      const server = await startBenchServer({
        ports: PORTS,
        command: 'npm-start',
        pollMs: 10,
        startTimeoutMs: 600_000,
      });
      await server.stop();
      return server.startMs;
    },
    'node --import tsx src/server/main.ts': async () => {
      const server = await startBenchServer({ ports: PORTS, command: 'start-tsx', pollMs: 10 });
      await server.stop();
      return server.startMs;
    },
    'bare node:http (node -e)': startBareNode,
  };
  // Untimed first runs: the disk cache warm for every entry alike.
  for (const start of Object.values(starts)) await start();
  const times: Record<string, number[]> = {};
  for (let run = 0; run < START_RUNS; run += 1) {
    for (const [name, start] of Object.entries(starts)) (times[name] ??= []).push(await start());
  }
  printLine(
    `fresh DATA_DIR and SQLite file each time (migrations and the 6-video seed included), ` +
      `health polled every 10 ms, ${START_RUNS} runs each, alternating:`,
  );
  for (const [name, runs] of Object.entries(times)) {
    printLine(
      `  ${name}: median ${count(median(runs))} ms (${runs.map((ms) => count(ms)).join(', ')})`,
    );
  }
  const npmStart = median(times['npm start']!);
  const tsx = median(times['node --import tsx src/server/main.ts']!);
  const bare = median(times['bare node:http (node -e)']!);
  printRatio(
    'npm start / node --import tsx src/server/main.ts, time to first health answer',
    npmStart / tsx,
    `${count(npmStart)} ms / ${count(tsx)} ms; no goal set`,
  );
  printRatio(
    'npm start / bare node:http process, time to first health answer',
    npmStart / bare,
    `${count(npmStart)} ms / ${count(bare)} ms; no goal set`,
  );
}

export async function run(): Promise<void> {
  const webDir = await buildApp('server');
  if (PARTS.includes('cluster') || PARTS.includes('start')) {
    // `npm start` builds dist/web first when it is missing or stale: not a start to time.
    const stale = webStaleReason(projectRoot);
    if (stale) printLine(`${stale}: building it as \`npm start\` would, before timing it`);
    ensureWebBuild(projectRoot);
  }
  if (PARTS.includes('reads')) await measureReads(webDir);
  if (PARTS.includes('cluster')) await measureCluster(webDir);
  if (PARTS.includes('writes')) {
    if (STORES.includes('sqlite')) await measureWrites(webDir, 'sqlite');
    if (STORES.includes('postgres')) {
      const postgres = await startPostgres(POSTGRES_PORTS);
      try {
        await measureWrites(webDir, 'postgres', postgres.url);
      } finally {
        await postgres.stop();
      }
    }
  }
  if (PARTS.includes('start')) await measureStart();
}
