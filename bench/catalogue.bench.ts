import { join } from 'node:path';
import { measureMockSearch } from './browser-search.bench';
import { launchChromium } from './lib/browser';
import { buildApp } from './lib/build';
import {
  homeQueries,
  otherQueries,
  resultsQueries,
  type CatalogueQuery,
} from './lib/catalogue-queries';
import { catalogueCliExists, runImport, writeVideosJsonl } from './lib/import-cli';
import { writeFile } from 'node:fs/promises';
import { describeStatuses, runLoad, type LoadResult } from './lib/load';
import { startPostgres } from './lib/postgres';
import { fmt, printGoal, printLine, printRatio } from './lib/report';
import { signUpUsers, startBenchServer, type BenchServer } from './lib/server';
import { tempDir } from './lib/temp';
import { createPostgresDatabase } from '../src/server/testing/test-databases';

/** Not 3270–3309: the tests' ports. */
const SERVER_PORTS = [3230, 3239] as const;
const POSTGRES_PORTS = [4530, 4539] as const;
/** Catalogue size: made-up videos seeded at start (SEED_VIDEOS), plus the six real ones. */
const VIDEOS = Number(process.env.CATALOGUE_VIDEOS ?? 1_000_000);
/** Distinct queries per list (home grid, /results); other routes get a third as many. */
const QUERIES = Number(process.env.CATALOGUE_QUERIES ?? 300);
const CONNECTIONS = Number(process.env.CATALOGUE_CONNECTIONS ?? 4);
/** Videos in the import file (a million by default, like the catalogue). */
const IMPORT_VIDEOS = Number(process.env.CATALOGUE_IMPORT_VIDEOS ?? VIDEOS);
/** The mock build typed into (VITE_SEED_VIDEOS + 6). */
const MOCK_VIDEOS = Number(process.env.CATALOGUE_MOCK_VIDEOS ?? 100_000);
/** Which stores to run (`sqlite,postgres`). */
const STORES = (process.env.CATALOGUE_STORES ?? 'sqlite,postgres').split(',');
/** Which parts to run after each store's seeded start (all by default), e.g. `first-load,mock`. */
const PARTS = (process.env.CATALOGUE_PARTS ?? 'first-load,queries,courses,import,mock').split(',');
/** Courses imported for the course reads (issue 30): each of COURSE_LESSONS lessons. */
const COURSES = Number(process.env.CATALOGUE_COURSES ?? 100);
const COURSE_LESSONS = 200;
/** Courses the progress user started (a position saved in one lesson of each). */
const STARTED_COURSES = 50;
/** Requests of GET /api/user/courses (a personal answer: never kept, each one computed). */
const PROGRESS_READS = 300;
/** Most seconds one cold list may take: slow searches on a million videos could take an hour. */
const LIST_SECONDS = Number(process.env.CATALOGUE_LIST_SECONDS ?? 120);
const HEALTH_SECONDS = 5;
/** A small import first: the CLI's fixed cost (start, migrations check), the baseline. */
const SMALL_IMPORT = 1000;
const P95_GOAL_MS = 30;
const P95_VS_HEALTH_GOAL = 3;
const BYTES_RATIO_GOAL = 1.2;
/** Seeding a million videos takes minutes, on PostgreSQL more. */
const START_TIMEOUT_MS = 60 * 60 * 1000;

const mib = (value: number) => `${fmt(value, 1)} MiB`;
const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;
const count = (value: number) => value.toLocaleString('en');

/**
 * Sends each query once, in order, over CONNECTIONS keep-alive connections (each sends its share,
 * taking the next query of the list), for at most LIST_SECONDS (then whatever is in flight is
 * dropped and the rest are not asked).
 */
function ask(origin: string, queries: readonly CatalogueQuery[]): Promise<LoadResult> {
  return runLoad({
    url: origin,
    connections: Math.min(CONNECTIONS, queries.length),
    duration: LIST_SECONDS,
    amount: queries.length,
    timeoutSeconds: LIST_SECONDS,
    scenario: { name: 'queryList', args: { queries: [...queries] } },
  });
}

/** One list's figures: per kind, then all of them against the goal and the health baseline. */
function judge(name: string, result: LoadResult, healthP95: number) {
  for (const [kind, figures] of Object.entries(result.byLabel)) {
    printLine(
      `  ${kind.padEnd(16)} p50 ${fmt(figures.latency.p50).padStart(8)} ms, ` +
        `p95 ${fmt(figures.latency.p95).padStart(8)} ms, ` +
        `max ${fmt(figures.latency.max).padStart(8)} ms (${figures.latency.count})`,
    );
  }
  for (const sample of result.samples) {
    printLine(`  ${sample.label} failed: ${sample.status} ${sample.body}`);
  }
  const p95 = result.latency.p95;
  printLine(
    `${name}: ${result.requests} requests, ${fmt(result.requestsPerSecond, 0)}/s, p50 ` +
      `${fmt(result.latency.p50)} ms, statuses ${describeStatuses(result.statusCounts)}, ` +
      `${result.failed} errors`,
  );
  printGoal(`${name} p95`, p95, P95_GOAL_MS, 'at-most', ' ms');
  printGoal(`${name} p95 / health p95`, p95 / healthP95, P95_VS_HEALTH_GOAL, 'at-most', '×');
}

/**
 * What the `/api` answers of the first load of `/` weigh: on the wire (as the server compressed
 * them) and decoded. A fresh browser context each time, service workers blocked.
 */
async function apiBytesOfFirstLoad(url: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const answers: Promise<{ path: string; wire: number; decoded: number }>[] = [];
    page.on('response', (response) => {
      const { pathname, search } = new URL(response.url());
      if (!pathname.startsWith('/api/')) return;
      answers.push(
        (async () => {
          const sizes = await response.request().sizes();
          const decoded = (await response.body()).length;
          return { path: pathname + search, wire: sizes.responseBodySize, decoded };
        })(),
      );
    });
    const started = performance.now();
    await page.goto(`${url}/`);
    await page.getByRole('list', { name: 'Videos' }).waitFor({ timeout: 300_000 });
    const gridMs = performance.now() - started;
    await page.waitForLoadState('networkidle', { timeout: 300_000 });
    const fetched = await Promise.all(answers);
    return {
      gridMs,
      fetched,
      wire: fetched.reduce((sum, answer) => sum + answer.wire, 0),
      decoded: fetched.reduce((sum, answer) => sum + answer.decoded, 0),
    };
  } finally {
    await browser.close();
  }
}

async function measureFirstLoad(dialect: string, small: BenchServer, big: BenchServer) {
  const baseline = await apiBytesOfFirstLoad(small.url);
  const large = await apiBytesOfFirstLoad(big.url);
  for (const [name, run] of [
    ['6 videos', baseline],
    [`${count(VIDEOS + 6)} videos`, large],
  ] as const) {
    printLine(
      `${dialect} first load of /, ${name}: grid after ${fmt(run.gridMs, 0)} ms; /api answers ` +
        `${count(run.wire)} bytes on the wire, ${count(run.decoded)} decoded: ` +
        run.fetched.map((answer) => `${answer.path} ${count(answer.wire)}`).join(', '),
    );
  }
  printGoal(
    `${dialect} /api bytes of the first load, ${count(VIDEOS + 6)} / 6 videos (wire)`,
    large.wire / baseline.wire,
    BYTES_RATIO_GOAL,
    'at-most',
    '×',
  );
  printRatio(
    `${dialect} the same, decoded`,
    large.decoded / baseline.decoded,
    `${count(large.decoded)} / ${count(baseline.decoded)} bytes`,
  );
}

async function measureImport(dialect: string, big: BenchServer) {
  if (!catalogueCliExists()) {
    printLine(`${dialect} import: skipped: no catalogue CLI (src/server/catalogue/cli.ts)`);
    return;
  }
  const dir = tempDir('import');
  const smallFile = join(dir, 'small.jsonl');
  const bigFile = join(dir, 'videos.jsonl');
  await writeVideosJsonl(smallFile, SMALL_IMPORT, `bench-small-${dialect}`);
  const started = performance.now();
  const bytes = await writeVideosJsonl(bigFile, IMPORT_VIDEOS, `bench-${dialect}`);
  printLine(
    `${dialect} import: wrote ${count(IMPORT_VIDEOS)} lines (${mib(bytes / 2 ** 20)}) in ` +
      `${seconds(performance.now() - started)}`,
  );
  const target = { databaseUrl: big.databaseUrl, dataDir: big.dataDir };
  const small = await runImport({ ...target, file: smallFile });
  const large = await runImport({ ...target, file: bigFile });
  for (const [name, run] of [
    [`${count(SMALL_IMPORT)} lines`, small],
    [`${count(IMPORT_VIDEOS)} lines`, large],
  ] as const) {
    printLine(
      `${dialect} import of ${name}: ${seconds(run.ms)}, peak RSS ${mib(run.peakRssMiB)}, ` +
        `exit ${run.exitCode}; ${run.output.replaceAll('\n', ' | ')}`,
    );
  }
  if (large.exitCode !== 0) throw new Error(`${dialect} import failed: ${large.output}`);
  printLine(
    `${dialect} import rate: ${count(Math.round(IMPORT_VIDEOS / (large.ms / 1000)))} videos/s`,
  );
  printRatio(
    `${dialect} import peak RSS vs a ${count(SMALL_IMPORT)}-line import`,
    large.peakRssMiB / small.peakRssMiB,
    `${mib(large.peakRssMiB)} / ${mib(small.peakRssMiB)}`,
  );
  // The running server sees imported videos at once (catalogue version): check one.
  const last = `bench-${dialect}-${String(IMPORT_VIDEOS).padStart(7, '0')}`;
  const status = (await fetch(`${big.url}/api/video/${last}`)).status;
  printLine(`${dialect} import: GET /api/video/${last} on the running server → ${status}`);
  return large;
}

async function onStore(dialect: 'sqlite' | 'postgres', postgresUrl?: (name: string) => string) {
  const webDir = await buildApp('server');
  // Baseline start: the six seed videos only, on its own database.
  const small = await startBenchServer({
    webDir,
    ports: SERVER_PORTS,
    postgresUrl: postgresUrl?.('small'),
  });
  let big: BenchServer | undefined;
  try {
    printLine(
      `${dialect} start with 6 videos: ${seconds(small.startMs)}, peak RSS ${mib(small.peakRssMiB())}`,
    );
    big = await startBenchServer({
      webDir,
      ports: SERVER_PORTS,
      postgresUrl: postgresUrl?.('big'),
      seedVideos: VIDEOS,
      startTimeoutMs: START_TIMEOUT_MS,
    });
    const seedPeak = big.peakRssMiB();
    printLine(
      `${dialect} start with SEED_VIDEOS=${count(VIDEOS)}: ${seconds(big.startMs)} to the first ` +
        `answered /api/health (${count(Math.round(VIDEOS / (big.startMs / 1000)))} videos/s), ` +
        `peak RSS ${mib(seedPeak)}`,
    );
    printRatio(
      `${dialect} seeded start vs 6-video start, time`,
      big.startMs / small.startMs,
      `${seconds(big.startMs)} / ${seconds(small.startMs)}`,
    );
    printRatio(
      `${dialect} seeded start vs 6-video start, peak RSS`,
      seedPeak / small.peakRssMiB(),
      `${mib(seedPeak)} / ${mib(small.peakRssMiB())}`,
    );

    if (PARTS.includes('first-load')) await measureFirstLoad(dialect, small, big);
    await small.stop();
    if (PARTS.includes('queries')) await measureQueries(dialect, big);
    if (PARTS.includes('courses')) await measureCourses(dialect, big);
    if (PARTS.includes('import')) await measureImport(dialect, big);
  } finally {
    await small.stop();
    await big?.stop();
  }
}

/**
 * Course reads at scale (issue 30): COURSES courses of 200 lessons spread over the whole catalogue
 * (the operators' CLI imports them), each GET /api/courses/{slug} asked once (cold: the catalogue
 * cache has no answer for it yet) then again (warm), one request at a time (the server's time, no
 * queue); and GET /api/user/courses of a user who started 50 of them (personal, never kept).
 * Same-run baseline: GET /api/health on one connection.
 */
async function measureCourses(dialect: string, big: BenchServer) {
  if (!catalogueCliExists()) {
    printLine(`${dialect} courses: skipped: no catalogue CLI`);
    return;
  }
  const dir = tempDir('courses');
  const file = join(dir, 'courses.jsonl');
  const pick = (course: number, lesson: number) =>
    // Spread over the catalogue (ids gen-000001 …), no lesson twice in a course.
    `gen-${String(((course * 7919 + lesson * 4_999) % VIDEOS) + 1).padStart(6, '0')}`;
  const slugs: string[] = [];
  const lines: string[] = [];
  for (let course = 0; course < COURSES; course += 1) {
    const slug = `bench-course-${course + 1}`;
    slugs.push(slug);
    const lessons = Array.from({ length: COURSE_LESSONS }, (_, lesson) => pick(course, lesson));
    lines.push(
      JSON.stringify({
        type: 'course',
        slug,
        title: `Bench course ${course + 1}`,
        description: 'Made up.',
        lessons,
      }),
    );
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  const imported = await runImport({ databaseUrl: big.databaseUrl, dataDir: big.dataDir, file });
  printLine(
    `${dialect} courses: imported ${COURSES} courses of ${COURSE_LESSONS} lessons in ` +
      `${seconds(imported.ms)}, exit ${imported.exitCode}; ${imported.output.replaceAll('\n', ' | ')}`,
  );
  if (imported.exitCode !== 0) throw new Error(`${dialect} course import failed`);

  const health = await runLoad({
    url: `${big.url}/api/health`,
    connections: 1,
    duration: HEALTH_SECONDS,
  });
  printLine(
    `${dialect} baseline GET /api/health at 1 connection: p50 ${fmt(health.latency.p50)} ms, ` +
      `p95 ${fmt(health.latency.p95)} ms`,
  );
  const reads = slugs.map((slug) => ({ kind: 'course', path: `/api/courses/${slug}` }));
  for (const name of ['cold', 'warm']) {
    const result = await runLoad({
      url: big.url,
      connections: 1,
      duration: LIST_SECONDS,
      amount: reads.length,
      timeoutSeconds: LIST_SECONDS,
      scenario: { name: 'queryList', args: { queries: reads } },
    });
    printLine(
      `${dialect} GET /api/courses/{slug}, ${COURSE_LESSONS} lessons, ${name} (${result.requests}): ` +
        `p50 ${fmt(result.latency.p50)} ms, p95 ${fmt(result.latency.p95)} ms, ` +
        `max ${fmt(result.latency.max)} ms, statuses ${describeStatuses(result.statusCounts)}`,
    );
    printGoal(
      `${dialect} course read ${name} p95`,
      result.latency.p95,
      P95_GOAL_MS,
      'at-most',
      ' ms',
    );
  }

  const [token] = await signUpUsers(big.url, 1, `courses-${dialect}`);
  const headers = { authorization: `Bearer ${token!}`, 'content-type': 'application/json' };
  for (let course = 0; course < STARTED_COURSES; course += 1) {
    const response = await fetch(`${big.url}/api/user/progress/${pick(course, 0)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ seconds: 30, duration: 600 }),
    });
    if (!response.ok)
      throw new Error(`progress ${course}: ${response.status} ${await response.text()}`);
  }
  const progress = await runLoad({
    url: `${big.url}/api/user/courses`,
    headers: { authorization: headers.authorization },
    connections: 1,
    duration: LIST_SECONDS,
    amount: PROGRESS_READS,
  });
  const answer = (await (
    await fetch(`${big.url}/api/user/courses`, {
      headers: { authorization: headers.authorization },
    })
  ).json()) as { courses: unknown[] };
  printLine(
    `${dialect} GET /api/user/courses, ${answer.courses.length} started of ${COURSES} courses ` +
      `(${progress.requests}): p50 ${fmt(progress.latency.p50)} ms, p95 ` +
      `${fmt(progress.latency.p95)} ms, statuses ${describeStatuses(progress.statusCounts)}`,
  );
  printGoal(`${dialect} course progress p95`, progress.latency.p95, P95_GOAL_MS, 'at-most', ' ms');
}

/** Home and /results searches (and Up next, trending), cold then warm, against /api/health. */
async function measureQueries(dialect: string, big: BenchServer) {
  // Same-run baseline: the cheapest round trip through the same stack, same connections.
  const health = await runLoad({
    url: `${big.url}/api/health`,
    connections: CONNECTIONS,
    duration: HEALTH_SECONDS,
  });
  const healthP95 = health.latency.p95;
  printLine(
    `${dialect} baseline GET /api/health at ${CONNECTIONS} connections: p50 ` +
      `${fmt(health.latency.p50)} ms, p95 ${fmt(healthP95)} ms, ` +
      `${fmt(health.requestsPerSecond, 0)} req/s`,
  );

  const lists = [
    ['home grid search', homeQueries(QUERIES, VIDEOS)],
    ['/results search', resultsQueries(QUERIES, VIDEOS)],
    ['up next + trending', otherQueries(Math.ceil(QUERIES / 3), VIDEOS)],
  ] as const;
  for (const [name, queries] of lists) {
    // Cold: each query asked for the first time (the cache cannot answer it) …
    printLine(`${dialect} ${name}, cold (${queries.length} distinct queries):`);
    const cold = await ask(big.url, queries);
    if (cold.requests < queries.length) {
      printLine(`  only ${cold.requests} answered within CATALOGUE_LIST_SECONDS=${LIST_SECONDS}`);
    }
    judge(`${dialect} ${name} cold`, cold, healthP95);
    // … warm: the very same queries again, answered from the per-version cache …
    printLine(`${dialect} ${name}, warm (the same queries again):`);
    const answered = queries.slice(0, cold.requests);
    const warm = await ask(big.url, answered);
    judge(`${dialect} ${name} warm`, warm, healthP95);
    // … and again for as long as the health baseline ran: a p95 of as many answers as its.
    printLine(
      `${dialect} ${name}, warm for ${HEALTH_SECONDS} s (the same queries round and round):`,
    );
    const steady = await runLoad({
      url: big.url,
      connections: CONNECTIONS,
      duration: HEALTH_SECONDS,
      scenario: { name: 'queryList', args: { queries: [...answered] } },
    });
    judge(`${dialect} ${name} warm for ${HEALTH_SECONDS} s`, steady, healthP95);
  }
  printLine(`${dialect} server peak RSS after the queries: ${mib(big.peakRssMiB())}`);
}

/**
 * A catalogue of CATALOGUE_VIDEOS (a million) made-up videos on SQLite and on PostgreSQL: the
 * seeded start, home and /results searches cold and warm against GET /api/health, the operators'
 * import of as many again, and the bytes the first load of `/` fetches; then the mock build's
 * search at 100,000 videos.
 */
export async function run(): Promise<void> {
  printLine(
    `${count(VIDEOS)} made-up videos (+6), ${QUERIES} queries per list, ${CONNECTIONS} connections`,
  );
  if (STORES.includes('sqlite')) await onStore('sqlite');
  if (STORES.includes('postgres')) {
    const postgres = await startPostgres(POSTGRES_PORTS);
    try {
      // Two databases on the one server: `url` and a sibling for the 6-video baseline.
      const second = await createPostgresDatabase(postgres.url);
      await onStore('postgres', (name) => (name === 'big' ? postgres.url : second.url));
      await second.drop();
    } finally {
      await postgres.stop();
    }
  }
  if (PARTS.includes('mock')) {
    printLine(`mock build, keystroke → grid at ${count(MOCK_VIDEOS)} videos:`);
    await measureMockSearch(MOCK_VIDEOS);
  }
}
