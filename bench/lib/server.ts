import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../src/server/testing/free-port';
import { ensureServerBuild } from '../../scripts/build-state.mjs';
import { projectRoot } from './build';
import { tempDir } from './temp';

const SECRET = 'benchmark-secret-of-at-least-32-characters';

/**
 * How the server is started: `main` runs the compiled server (`node dist/server/main.mjs`, built
 * first when stale; no wrapper: the pid is the server's own, for its memory); `npm-start` runs
 * `npm start` as an operator would; `start-tsx` runs the TypeScript sources under tsx's loader
 * (`node --import tsx src/server/main.ts`), as `npm start` served before decision 0009.
 */
export type ServerCommand = 'main' | 'npm-start' | 'start-tsx';

export interface BenchServer {
  url: string;
  /** The spawned process (for `npm-start`, npm itself: its memory figures mean nothing). */
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
  for (const child of running) signalGroup(child, 'SIGKILL');
});

/** Sends `signal` to the child's whole process group (it was spawned detached). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * GET /api/health on a connection of its own (no keep-alive pool: a pooled connection could
 * still reach a server on this port that is shutting down).
 */
function healthStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${url}/api/health`, { agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}

/** Resolves once no process of the group is left (the leader may exit before its children). */
async function groupGone(child: ChildProcess) {
  for (;;) {
    try {
      if (!child.pid) return;
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Polls GET /api/health every `pollMs` until it answers 200 (the database answers too), or gives
 * up.
 */
export async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
  pollMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited at start:\n${output()}`);
    }
    try {
      // Only the child's own answer counts: while it seeds, another process may take the port
      // freePort chose (then the child exits with EADDRINUSE, above).
      if ((await healthStatus(url)) === 200 && child.pid && groupListensOn(child.pid, url)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, pollMs));
  }
  throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Whether a process of this process group (the spawned server, npm's children, a cluster's
 * primary) holds the socket listening on the URL's port: the port's listening socket inodes from
 * /proc/net/tcp*, looked for among the group's open files (Linux).
 */
function groupListensOn(group: number, url: string): boolean {
  const port = Number(new URL(url).port).toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields[1]?.endsWith(`:${port}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The process group is the third field after the command's closing parenthesis.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(target.slice('socket:['.length, -1))) return true;
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return false;
}

const commands: Record<ServerCommand, [string, string[]]> = {
  main: [process.execPath, ['dist/server/main.mjs']],
  'npm-start': ['npm', ['start', '--silent']],
  'start-tsx': [process.execPath, ['--import', 'tsx', 'src/server/main.ts']],
};

/**
 * The real server serving a built app, on a fresh SQLite file in a temp folder or on the given
 * PostgreSQL database. Logs at `warn`: a line per request would measure the terminal, not the
 * server. One process (WEB_CONCURRENCY=1) unless `env` says otherwise.
 */
export async function startBenchServer(options: {
  /** The built SPA (WEB_DIR); unset: the server's default, dist/web. */
  webDir?: string;
  ports: readonly [number, number];
  postgresUrl?: string;
  seedVideos?: number;
  /** How long seeding and migrations may take before the start counts as failed (120 s). */
  startTimeoutMs?: number;
  command?: ServerCommand;
  /** Milliseconds between health polls while starting (100). */
  pollMs?: number;
  /** More environment (e.g. WEB_CONCURRENCY). */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dir = tempDir('server');
  const port = await freePort(...options.ports);
  const databaseUrl = options.postgresUrl ?? join(dir, 'bench.sqlite');
  const command = options.command ?? 'main';
  if (command === 'main') await ensureServerBuild();
  const [file, args] = commands[command];
  const spawned = performance.now();
  const child = spawn(file, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      ...(options.webDir ? { WEB_DIR: options.webDir } : {}),
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      SEED_VIDEOS: String(options.seedVideos ?? 0),
      WEB_CONCURRENCY: '1',
      // Load benches sign many users up from one address; the abuse bench sets the real limit.
      SIGNUPS_PER_HOUR: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npm start's children (and a cluster's workers) stop with it.
    detached: true,
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      keep(Buffer.from(`\n[exited: code ${code}, signal ${signal}]`));
      done();
    }),
  );
  void exited.then(() => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(
      url,
      child,
      () => output,
      options.startTimeoutMs ?? 120_000,
      options.pollMs,
    );
  } catch (error) {
    signalGroup(child, 'SIGKILL');
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
    rssMiB: () => readServerRss(pid, 'VmRSS', () => output),
    peakRssMiB: () => readServerRss(pid, 'VmHWM', () => output),
    stop: async () => {
      if (child.exitCode === null) signalGroup(child, 'SIGTERM');
      const late = setTimeout(() => signalGroup(child, 'SIGKILL'), 15_000);
      await exited;
      await groupGone(child);
      clearTimeout(late);
    },
  };
}

/** The processes in a server's process group (npm, its shell, the server, a cluster's workers). */
export function processGroup(server: BenchServer): { pid: number; command: string }[] {
  const members: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== server.pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      members.push({ pid: Number(entry), command });
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

/** readRssMiB for a bench server: if it has gone, say so with its last words. */
function readServerRss(pid: number, field: 'VmRSS' | 'VmHWM', output: () => string): number {
  try {
    return readRssMiB(pid, field);
  } catch (error) {
    throw new Error(`server ${pid} is gone (${String(error)}); its last output:\n${output()}`, {
      cause: error,
    });
  }
}

/** VmRSS (or its peak, VmHWM) of a process, in MiB. */
export function readRssMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** CPU seconds a process has used so far, user and system (`/proc/<pid>/stat`). */
export function readCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces), from the state on: utime is the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
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
