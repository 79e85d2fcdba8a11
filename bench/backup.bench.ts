/**
 * `npm run bench -- backup` (issue 28): `npm run backup` of a 200,000-video SQLite database while
 * the server takes 5 writes a second, against `VACUUM INTO` alone (no writes) in the same run;
 * and the slowest write meanwhile, against the slowest write with no backup running. Also how
 * `VACUUM INTO` and a backup a few pages at a time (the sqlite3 shell's `.backup`, better-sqlite3's
 * default steps) fare under the same writes.
 */
import BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedVideos } from '../src/api/seed/videos';
import { writeWebFixture } from '../src/server/testing/web-fixture';
import { fmt, printGoal, printLine } from './lib/report';
import { startBenchServer } from './lib/server';
import { median } from './lib/stats';
import { tempDir } from './lib/temp';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORTS = [3260, 3269] as const;
const VIDEOS = Number(process.env.BACKUP_VIDEOS ?? 200_000);
const WRITES_PER_SECOND = 5;
/** The backup under writes may take this many times VACUUM INTO's time alone. */
const TIME_GOAL_RATIO = 2;
/** How long the few-pages-a-step backup may run before it counts as never ending. */
const STEPPED_CAP_RATIO = 5;
/** Runs of each backup, for medians: the machine's other work makes single runs noisy. */
const ROUNDS = Number(process.env.BACKUP_ROUNDS ?? 5);

/** A like, then its removal, WRITES_PER_SECOND a second; each write's time from send to answer. */
function startWriter(url: string, token: string) {
  const times: { at: number; ms: number }[] = [];
  let stopped = false;
  let liked = false;
  const video = seedVideos[0]!;
  const loop = (async () => {
    while (!stopped) {
      const due = performance.now() + 1000 / WRITES_PER_SECOND;
      const started = performance.now();
      const response = liked
        ? await fetch(`${url}/api/user/likes/${video._id}`, {
            method: 'DELETE',
            headers: { authorization: token },
          })
        : await fetch(`${url}/api/user/likes`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ video }),
          });
      await response.arrayBuffer();
      if (response.status >= 300) throw new Error(`a write answered ${response.status}`);
      liked = !liked;
      times.push({ at: started, ms: performance.now() - started });
      await new Promise((wait) => setTimeout(wait, Math.max(0, due - performance.now())));
    }
  })();
  return {
    /** The slowest write that started in [from, to]. */
    slowest: (from: number, to: number) =>
      Math.max(0, ...times.filter(({ at }) => at >= from && at <= to).map(({ ms }) => ms)),
    count: (from: number, to: number) => times.filter(({ at }) => at >= from && at <= to).length,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/**
 * `npm run backup -- --out <file>` as an operator runs it (the compiled CLI): the copy's time as
 * it reports it, and the whole run's (the process's start included), in ms.
 */
async function runBackupCli(
  env: Record<string, string>,
  out: string,
  more: string[] = [],
): Promise<{ copyMs: number; wholeMs: number }> {
  const started = performance.now();
  const cli = join(projectRoot, 'dist/server/backup.mjs');
  const child = spawn(process.execPath, [cli, '--out', out, ...more], {
    cwd: projectRoot,
    env: { ...process.env, JWT_SECRET: '', INIT_CWD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  if (code !== 0) throw new Error(`npm run backup exited ${code}:\n${output}`);
  const reported = / in ([\d.]+) s\)$/m.exec(output);
  if (!reported) throw new Error(`npm run backup did not say its time:\n${output}`);
  return { copyMs: Number(reported[1]) * 1000, wholeMs: performance.now() - started };
}

/** better-sqlite3's backup at its default 100 pages a step; restarts counted; null past `capMs`. */
async function steppedBackup(source: string, out: string, capMs: number) {
  const database = new BetterSqlite3(source, { fileMustExist: true });
  const started = performance.now();
  let restarts = 0;
  let lastRemaining = Infinity;
  try {
    await database.backup(out, {
      progress: ({ remainingPages }) => {
        if (remainingPages > lastRemaining) restarts += 1;
        lastRemaining = remainingPages;
        if (performance.now() - started > capMs) throw new Error('capped');
        return 100;
      },
    });
    return { ms: performance.now() - started, restarts };
  } catch (error) {
    if (error instanceof Error && error.message === 'capped') return { ms: null, restarts };
    throw error;
  } finally {
    database.close();
  }
}

export async function run(): Promise<void> {
  const dir = tempDir('backup');
  const seeded = performance.now();
  const server = await startBenchServer({
    ports: PORTS,
    webDir: writeWebFixture(dir),
    seedVideos: VIDEOS - seedVideos.length,
    startTimeoutMs: 900_000,
  });
  printLine(
    `seeded ${VIDEOS} videos and started in ${fmt((performance.now() - seeded) / 1000, 0)} s`,
  );
  const source = server.databaseUrl;
  const env = { DATABASE_URL: source, DATA_DIR: server.dataDir };
  try {
    // Baseline: VACUUM INTO with nothing writing, through the same command.
    const alone: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const out = join(dir, 'vacuum-alone.sqlite');
      alone.push((await runBackupCli(env, out, ['--method', 'vacuum-into'])).copyMs);
    }
    const vacuumAloneMs = median(alone);
    printLine(
      `database ${fmt(statSync(source).size / 2 ** 20, 0)} MiB; VACUUM INTO alone: median ` +
        `${fmt(vacuumAloneMs / 1000, 1)} s of ${ROUNDS} (${alone.map((ms) => fmt(ms / 1000, 1)).join(', ')} s), ` +
        `${fmt(statSync(join(dir, 'vacuum-alone.sqlite')).size / 2 ** 20, 0)} MiB`,
    );

    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Writer',
        email: 'backup-writer@example.com',
        password: 'correct-horse-backup-battery',
      }),
    });
    const { encodedToken } = (await signup.json()) as { encodedToken: string };
    const writer = startWriter(server.url, encodedToken);
    try {
      const quietFrom = performance.now();
      await new Promise((wait) => setTimeout(wait, 10_000));
      const quietTo = performance.now();
      printLine(
        `writes with no backup: ${writer.count(quietFrom, quietTo)} in 10 s, slowest ${fmt(writer.slowest(quietFrom, quietTo), 0)} ms`,
      );

      // Each method in turn, ROUNDS times, as an operator runs it (a process of its own: VACUUM
      // INTO and the backup step hold their thread throughout).
      const methods = ['backup-api', 'vacuum-into'] as const;
      const figures = new Map(
        methods.map((method) => [method, { copy: [] as number[], slowest: [] as number[] }]),
      );
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const method of methods) {
          const from = performance.now();
          const { copyMs } = await runBackupCli(env, join(dir, `${method}.sqlite`), [
            '--method',
            method,
          ]);
          const to = performance.now();
          figures.get(method)!.copy.push(copyMs);
          figures.get(method)!.slowest.push(writer.slowest(from, to));
        }
      }
      for (const method of methods) {
        const { copy, slowest } = figures.get(method)!;
        printGoal(
          `--method ${method} under 5 writes/s, median copy`,
          median(copy) / 1000,
          (vacuumAloneMs * TIME_GOAL_RATIO) / 1000,
          'at-most',
          ' s',
          1,
        );
        printLine(
          `  copies ${copy.map((ms) => fmt(ms / 1000, 1)).join(', ')} s; slowest write during each ` +
            `${slowest.map((ms) => fmt(ms, 0)).join(', ')} ms`,
        );
      }

      const stepped = await steppedBackup(
        source,
        join(dir, 'stepped.sqlite'),
        vacuumAloneMs * STEPPED_CAP_RATIO,
      );
      printLine(
        stepped.ms === null
          ? `100 pages a step under 5 writes/s: not done after ${fmt((vacuumAloneMs * STEPPED_CAP_RATIO) / 1000, 1)} s, ${stepped.restarts} restarts`
          : `100 pages a step under 5 writes/s: ${fmt(stepped.ms / 1000, 1)} s, ${stepped.restarts} restarts`,
      );
    } finally {
      await writer.stop();
    }
  } finally {
    await server.stop();
  }
}
