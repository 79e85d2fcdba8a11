import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

/** What a worker tells its primary over the cluster's IPC channel. */
export type WorkerMessage =
  { codetube: 'start-failed'; reason: string } | { codetube: 'stopped-accepting' };

/** Sends a message to the primary; resolves once it is handed over (or at once outside a cluster). */
export function tellPrimary(message: WorkerMessage): Promise<void> {
  return new Promise((done) => {
    if (!process.send || !process.connected) return done();
    const timer = setTimeout(done, 1_000);
    process.send(message, undefined, {}, () => {
      clearTimeout(timer);
      done();
    });
  });
}

/**
 * In a worker: calls `stop` when the primary is gone (the IPC channel to it closed: the primary
 * was killed, even by SIGKILL, or crashed), so that the worker stops accepting, finishes its
 * requests in flight, closes the database and exits, instead of serving on as an orphan nobody
 * supervises. Node's own handler, which runs right after this event, would otherwise end the
 * worker at once and cut those requests.
 */
export function stopWhenPrimaryGone(stop: () => void): void {
  const worker = cluster.worker;
  if (!worker) return;
  worker.once('disconnect', () => {
    // Node exits the worker after its 'disconnect' unless the disconnect was asked for; the
    // graceful stop exits it once its requests are done instead.
    worker.exitedAfterDisconnect = true;
    stop();
  });
}

const isWorkerMessage = (message: unknown): message is WorkerMessage =>
  typeof message === 'object' && message !== null && 'codetube' in message;

/** A worker that lived at least this long before dying was healthy: it is replaced at once. */
export const STABLE_MS = 10_000;
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 30_000;
/**
 * The primary's patience with workers after SIGTERM: their own grace period (10 s, shutdown.ts)
 * plus closing the database. Whatever still runs then is killed.
 */
const STOP_DEADLINE_MS = 15_000;

/**
 * How long to wait before replacing a dead worker, given how many workers in a row died young
 * (before STABLE_MS): none, at once; then 250 ms, doubling, at most 30 s. A crash loop costs a
 * fork every 30 s instead of spinning.
 */
export function restartDelay(youngDeathsInARow: number): number {
  if (youngDeathsInARow <= 0) return 0;
  return Math.min(FIRST_RETRY_MS * 2 ** (youngDeathsInARow - 1), LONGEST_RETRY_MS);
}

export interface SuperviseOptions {
  workers: number;
  /** The script the workers run (this bundle, or main.ts under tsx with the same flags). */
  exec: string;
  log: Logger;
  /** The line logged once every worker listens. */
  listeningLine: (port: number) => string;
  /** Ends the process (after the log is written out). */
  exit: (code: number) => void;
  /** Told of each worker that died while serving (it is replaced): the metrics count them. */
  workerDied?: () => void;
}

/**
 * The cluster's primary: forks `workers` processes that share one listening port (Node hands
 * each new connection to the next worker in turn) and keeps them running.
 *
 * - Start: a worker that exits before every worker listened stops the whole start: the others
 *   are stopped and the primary exits with 1, naming the worker's reason.
 * - Later: a worker that dies is replaced, at once if it had been up for STABLE_MS, else after
 *   restartDelay (so a worker that cannot start does not spin).
 * - SIGTERM/SIGINT: every worker gets SIGTERM, stops accepting, finishes its in-flight requests
 *   and closes the database; then the primary exits, 0 when every worker closed cleanly.
 */
export function superviseWorkers(options: SuperviseOptions): void {
  const { log } = options;
  cluster.setupPrimary({
    exec: options.exec,
    // Source-mapped stack traces in the workers too when the launcher turned them on.
    execArgv: process.sourceMapsEnabled
      ? [...process.execArgv, '--enable-source-maps']
      : process.execArgv,
  });
  // failing: a worker died before the start completed; the primary is about to stop.
  let phase: 'starting' | 'failing' | 'serving' | 'stopping' = 'starting';
  let exitCode = 0;
  let youngDeaths = 0;
  const live = new Map<number, { worker: Worker; forkedAt: number; listening: boolean }>();
  const reasons = new Map<number, string>();
  const stoppedAccepting = new Set<number>();
  const pendingForks = new Set<NodeJS.Timeout>();

  const pids = () => [...live.values()].map(({ worker }) => worker.process.pid);
  const fork = () => {
    const worker = cluster.fork();
    live.set(worker.id, { worker, forkedAt: Date.now(), listening: false });
  };

  const finish = () => {
    if (live.size > 0) return;
    log.info('closed');
    options.exit(exitCode);
  };

  const stop = (code: number) => {
    if (phase === 'stopping') return;
    phase = 'stopping';
    exitCode = code;
    for (const timer of pendingForks) clearTimeout(timer);
    pendingForks.clear();
    for (const { worker } of live.values()) worker.process.kill('SIGTERM');
    if (live.size > 0 && [...live.keys()].every((id) => stoppedAccepting.has(id))) {
      log.info('every worker stopped accepting connections: finishing in-flight requests');
    }
    const deadline = setTimeout(() => {
      log.error(`workers ${pids().join(', ')} did not stop in time: killing them`);
      exitCode = 1;
      for (const { worker } of live.values()) worker.process.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
    deadline.unref();
    finish();
  };

  cluster.on('message', (worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    if (message.codetube === 'start-failed') {
      reasons.set(worker.id, message.reason);
    } else if (message.codetube === 'stopped-accepting') {
      // Also before the primary's own signal: Ctrl+C in a terminal reaches every process.
      stoppedAccepting.add(worker.id);
      if (phase === 'stopping' && [...live.keys()].every((id) => stoppedAccepting.has(id))) {
        log.info('every worker stopped accepting connections: finishing in-flight requests');
      }
    }
  });

  cluster.on('listening', (worker, address) => {
    const entry = live.get(worker.id);
    if (!entry) return;
    entry.listening = true;
    if (phase === 'starting' && [...live.values()].every((each) => each.listening)) {
      phase = 'serving';
      log.info(options.listeningLine(address.port), { workers: pids() });
    } else if (phase === 'serving') {
      log.info(`worker ${worker.process.pid} listening`, { worker: worker.process.pid });
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const entry = live.get(worker.id);
    live.delete(worker.id);
    const pid = worker.process.pid;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (phase === 'stopping') {
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      finish();
      return;
    }
    if (phase === 'failing') return;
    if (phase === 'starting') {
      phase = 'failing';
      // Its reason may still be on the way over IPC: give it a moment before reporting.
      setTimeout(() => {
        const reason = reasons.get(worker.id) ?? 'see its output above';
        log.error(`worker ${pid} exited (${how}) before listening: ${reason}`);
        console.error(`CodeTube failed to start: a worker could not start: ${reason}`);
        stop(1);
      }, 100);
      return;
    }
    options.workerDied?.();
    const young = !entry || !entry.listening || Date.now() - entry.forkedAt < STABLE_MS;
    youngDeaths = young ? youngDeaths + 1 : 0;
    const delay = restartDelay(youngDeaths);
    log.error(`worker ${pid} exited (${how}): starting a new one in ${delay} ms`, {
      worker: pid,
      code,
      signal,
    });
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (phase === 'serving') fork();
    }, delay);
    pendingForks.add(timer);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (phase === 'stopping') return;
      log.info(`${signal} received: stopping ${live.size} workers`);
      stop(phase === 'failing' ? 1 : 0);
    });
  }

  for (let index = 0; index < options.workers; index += 1) fork();
}
