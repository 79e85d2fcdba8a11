import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../src/server/testing/free-port';
import { projectRoot } from './build';
import { tempDir } from './temp';

const SECRET = 'benchmark-secret-of-at-least-32-characters';

export interface BenchServer {
  url: string;
  pid: number;
  /** The DATABASE_URL it runs on (a SQLite path or a postgres:// URL), for a CLI on the same data. */
  databaseUrl: string;
  /** Its DATA_DIR (the JWT secret lives there). */
  dataDir: string;
  /** Milliseconds from spawn to the first 200 from GET /api/health (migrations and seed included). */
  startMs: number;
  stop: () => Promise<void>;
  /** The server's resident memory now, in MiB (Linux /proc). */
  rssMiB: () => number;
  /** The server's peak resident memory so far (VmHWM), in MiB. */
  peakRssMiB: () => number;
  /** The last lines the server wrote (warnings and errors), for a failure message. */
  output: () => string;
}

const running = new Set<ChildProcess>();
// A bench that throws must not leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Polls GET /api/health until it answers 200 (the database answers too), or gives up. */
async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * The real server (src/server/main.ts, as `npm start` runs it) serving a built app, on a fresh
 * SQLite file in a temp folder or on the given PostgreSQL database. Logs at `warn`: a line per
 * request would measure the terminal, not the server.
 */
export async function startBenchServer(options: {
  webDir: string;
  ports: readonly [number, number];
  postgresUrl?: string;
  seedVideos?: number;
  /** How long seeding and migrations may take before the start counts as failed (120 s). */
  startTimeoutMs?: number;
}): Promise<BenchServer> {
  const dir = tempDir('server');
  const port = await freePort(...options.ports);
  const databaseUrl = options.postgresUrl ?? join(dir, 'bench.sqlite');
  const spawned = performance.now();
  // `node --import tsx` (no wrapper process): the pid is the server's own, for its memory.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      WEB_DIR: options.webDir,
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      SEED_VIDEOS: String(options.seedVideos ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, child, () => output, options.startTimeoutMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startMs = performance.now() - spawned;
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    databaseUrl,
    dataDir: dir,
    startMs,
    output: () => output,
    rssMiB: () => readRssMiB(pid),
    peakRssMiB: () => readRssMiB(pid, 'VmHWM'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** VmRSS (or its peak, VmHWM) of a process, in MiB. */
export function readRssMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** Signs up `count` users through the API (sequentially: signup is rate limited per address). */
export async function signUpUsers(url: string, count: number, label: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: `${label} ${index}`,
        email: `bench-${label}-${index}-${Date.now()}@example.com`,
        password: `bench-password-${index}`,
      }),
    });
    const body = (await response.json()) as { encodedToken?: string };
    if (response.status !== 201 || !body.encodedToken) {
      throw new Error(`signup ${index} failed: ${response.status} ${JSON.stringify(body)}`);
    }
    tokens.push(body.encodedToken);
  }
  return tokens;
}

/** The catalogue's video ids, from GET /api/videos. */
export async function videoIds(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/videos`);
  const body = (await response.json()) as { videos: { _id: string }[] };
  return body.videos.map((video) => video._id);
}
