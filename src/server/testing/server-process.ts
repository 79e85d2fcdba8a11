import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { builtServerFile, projectRoot } from './built-server';
import { freePort } from './free-port';

/**
 * The command line that runs the compiled server as `npm start` does: plain node, no TypeScript
 * loader (dist/server/main.mjs, built by the Vitest global setup, server-build-global-setup.ts,
 * when missing or stale).
 */
export function serverCommand(): string[] {
  return ['--enable-source-maps', builtServerFile('main.mjs')];
}

/** A real server process (dist/server/main.mjs) on 127.0.0.1, for tests that kill and restart it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** Resolves once the output matches; rejects if the process exits first. */
  waitForOutput: (pattern: RegExp) => Promise<void>;
  /** Sends the signal and resolves when the process has exited. */
  stop: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: string | null }>;
  /**
   * SIGKILL to the process and its cluster workers at once, as a power cut or the OOM killer
   * would (a worker whose primary alone is killed finishes its requests and exits gracefully).
   */
  crash: () => void;
}

/** The pids whose parent is `pid` (Linux: read from /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // stat: "pid (comm) state ppid ...": comm may hold spaces, so read after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

const running = new Set<ChildProcess>();

/**
 * Starts `node dist/server/main.mjs` (no wrapper process, so SIGKILL reaches the server, the
 * cluster's primary, itself) with the given environment on a free port of `ports`, and waits
 * until it listens. Two workers unless the test says otherwise (WEB_CONCURRENCY), whatever the
 * machine's core count; JSON log lines (LOG_FORMAT) even when the tests run in a terminal.
 */
export async function startServer(
  env: Record<string, string>,
  ports: readonly [number, number],
): Promise<ServerProcess> {
  const port = await freePort(...ports);
  const child = spawn(process.execPath, serverCommand(), {
    cwd: projectRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WEB_CONCURRENCY: '2',
      // Tests sign many users up from one address; auth-limits.test.ts sets the real limit.
      SIGNUPS_PER_HOUR: '1000000',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const waiters = new Set<() => void>();
  const exited = new Promise<{ code: number | null; signal: string | null }>((done) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      done({ code, signal });
      for (const wake of waiters) wake();
    });
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((done, fail) => {
      const check = () => {
        if (pattern.test(output)) {
          waiters.delete(check);
          done();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          fail(new Error(`server exited before printing ${pattern}:\n${output}`));
        }
      };
      waiters.add(check);
      check();
    });

  await waitForOutput(/listening on http/);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    waitForOutput,
    stop: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    crash: () => killWithWorkers(child),
  };
}

/**
 * Kills whatever a test left running (afterAll), so no server outlives its test file: each
 * primary with its cluster workers. A worker whose primary alone is killed drains, keeping its
 * idle keep-alive connections a moment: the test's next fetch to the same port could reuse one
 * and be answered by the old server (whose database a test may have removed: a 500).
 */
export function killAllServers(): void {
  for (const child of running) killWithWorkers(child);
}

/** SIGKILL to a server process and its cluster workers at once. */
function killWithWorkers(child: ChildProcess): void {
  const workers = child.pid === undefined ? [] : childPids(child.pid);
  child.kill('SIGKILL');
  for (const pid of workers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
