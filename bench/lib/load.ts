/**
 * Load generation for the benchmarks: autocannon (its programmatic API), run in a process of its
 * own (bench/lib/load-generator.ts) so that it shares an event loop with nothing else: not with
 * the bench that drives it, nor with the server under test (its own process too, server.ts). The
 * process stays for the bench's later runs, one run at a time.
 *
 * What autocannon does and how it is used here (docs/benchmarks.md, "How the benchmarks run"):
 * - Closed loop by default: each connection sends its next request when the answer to the
 *   previous one has been read whole (pipelining 1).
 * - `overallRate`: autocannon's limiter gives each connection a budget of requests per second,
 *   refilled every second, all connections in the same phase; the whole second's requests then
 *   leave in a burst at its start. So a rated run here is spread over one autocannon instance per
 *   connection, started 1 / connections s apart: the bursts are small and spread over the second.
 *   A connection still waits for each answer, so a rated run is "open loop" only while the server
 *   keeps up: the achieved rate is reported beside the offered one.
 * - Latency: autocannon's own percentiles (p2.5, p50, p75, p90, p97.5, p99, p99.9, …; no p95)
 *   are whole milliseconds (an HDR histogram, values truncated) and, with a rate, "corrected" for
 *   coordinated omission with an expected interval of Math.ceil(1 / rate) = 1 ms, which adds
 *   responseTime − 1 made-up samples per answer. Both are turned off or set aside: the
 *   percentiles here come from autocannon's per-answer `responseTime` (its hrtime from writing the
 *   request to the last byte of the answer) in a 1 %-bucket histogram (stats.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './build';
import type { ScenarioSpec } from './load-scenarios';
import type { LatencyFigures } from './stats';

export type { LatencyFigures } from './stats';

export type Method = 'GET' | 'POST' | 'DELETE';

/** One request; a `body` that is not a string is sent as JSON. */
export interface LoadRequest {
  /** Groups the figures (`byLabel`); `METHOD path` unless given. */
  label?: string;
  method?: Method;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Statuses besides 2xx that are expected (a 409 on a repeat); any other answer is unexpected. */
  expected?: readonly number[];
}

export interface LoadOptions {
  /** The server's origin, or a whole URL: its path and query are the request when none is given. */
  url: string;
  connections: number;
  /** Seconds to run; with `amount`, the most it may take. */
  duration: number;
  /** Stop after this many requests in all (each connection sends its share). */
  amount?: number;
  /** Requests per second offered by all connections together (at most one per connection). */
  overallRate?: number;
  /** The single request, when `requests` and `scenario` are not given (default GET). */
  method?: Method;
  headers?: Record<string, string>;
  body?: unknown;
  /** The sequence every connection loops over. */
  requests?: LoadRequest[];
  /** Or requests built per connection in the generator (load-scenarios.ts). */
  scenario?: ScenarioSpec;
  /** Seconds to wait for an answer before autocannon counts a timeout (10). */
  timeoutSeconds?: number;
  /** Seconds from the start at which to cut the figures: `onSegment` gets each piece. */
  marks?: number[];
  onSegment?: (index: number, figures: SegmentFigures) => void;
}

/** The figures of one piece of a run (between two marks). */
export interface SegmentFigures {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: LatencyFigures;
  unexpected: number;
  errors: number;
}

export interface LoadResult {
  /** Answers received. */
  requests: number;
  /** Seconds the measured window lasted. */
  seconds: number;
  /** Achieved rate: answers per second. */
  requestsPerSecond: number;
  /** The rate asked for (`overallRate`), if any. */
  offeredRate: number | undefined;
  connections: number;
  latency: LatencyFigures;
  /** Connection errors and timeouts, as autocannon counts them. */
  errors: number;
  timeouts: number;
  /** Answers with a status outside 2xx, expected or not. */
  non2xx: number;
  /** Answers with a status neither 2xx nor expected by their request. */
  unexpected: number;
  /** errors + unexpected: what a "0 errors" goal counts. */
  failed: number;
  statusCounts: Record<string, number>;
  byLabel: Record<string, { latency: LatencyFigures; unexpected: number }>;
  /** The first few unexpected answers, for the log. */
  samples: { label: string; status: number; body: string }[];
  /** The first few distinct connection errors (`Error: read ECONNRESET`, a timeout). */
  errorSamples: string[];
  /**
   * Connection errors by kind: the error's code (`ECONNRESET`: a request lost on the way;
   * `ECONNREFUSED`: a connection refused before anything was sent), else its message.
   */
  errorKinds: Record<string, number>;
  /** CPU the generator used, in cores (1 = one core busy the whole run): near 1, it was the limit. */
  generatorCores: number;
}

/** What goes to the generator process (functions stay here). */
export type GeneratorOptions = Omit<LoadOptions, 'onSegment'>;

export type GeneratorMessage =
  | { type: 'segment'; index: number; figures: SegmentFigures }
  | { type: 'done'; result: LoadResult }
  | { type: 'failed'; message: string };

const generatorFile = join(projectRoot, 'bench/lib/load-generator.ts');

/**
 * The generator process, started with the first run and kept for the next ones (its JIT warm),
 * one run at a time. Between runs it does not keep this process alive.
 */
let generator: ChildProcess | undefined;
let queue: Promise<unknown> = Promise.resolve();
process.once('exit', () => generator?.kill('SIGKILL'));

function startGenerator(): ChildProcess {
  const child = fork(generatorFile, [], {
    cwd: projectRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', () => {
    if (generator === child) generator = undefined;
  });
  return child;
}

/** Runs one load in the generator process and returns its figures. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const run = queue.then(() => runOnce(options));
  queue = run.catch(() => {});
  return run;
}

function runOnce(options: LoadOptions): Promise<LoadResult> {
  const { onSegment, ...sent } = options;
  const child = (generator ??= startGenerator());
  child.ref();
  child.channel?.ref();
  return new Promise<LoadResult>((resolve, reject) => {
    const finish = (error: Error | undefined, result?: LoadResult) => {
      child.removeListener('message', onMessage);
      child.removeListener('exit', onExit);
      child.unref();
      child.channel?.unref();
      if (error) reject(error);
      else resolve(result!);
    };
    const onMessage = (message: GeneratorMessage) => {
      if (message.type === 'segment') {
        try {
          onSegment?.(message.index, message.figures);
        } catch (error) {
          // The run cannot be stopped halfway: the generator goes with it.
          child.kill('SIGKILL');
          finish(error as Error);
        }
      } else if (message.type === 'done') finish(undefined, message.result);
      else finish(new Error(`load generator: ${message.message}`));
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`load generator exited (${code ?? signal}) without a result`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(sent satisfies GeneratorOptions);
  });
}

/** `200×1234, 409×2` */
export function describeStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}
