import { Pool } from 'undici';
import { LatencyHistogram } from './stats';

/** One request a connection sends next; `ok` says which statuses count as success. */
export interface LoadRequest {
  /** Groups the figures (e.g. 'like'); one histogram per label. */
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Defaults to any 2xx. A status that is expected but not 2xx (a 409 on a repeat) goes here. */
  ok?: (status: number) => boolean;
}

export interface LoadOptions {
  origin: string;
  connections: number;
  /** Stop after this long … */
  seconds: number;
  /** … or after this many requests in all, whichever comes first. */
  maxRequests?: number;
  /** What connection `worker` sends as its `iteration`-th request. */
  next: (worker: number, iteration: number) => LoadRequest;
  /** Called with a failed request's label, status (0: network error) and body, a few times. */
  onError?: (label: string, status: number, body: string) => void;
}

export interface LabelFigures {
  latency: LatencyHistogram;
  errors: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  latency: LatencyHistogram;
  byLabel: Map<string, LabelFigures>;
  statuses: Map<number, number>;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * A closed-loop load: `connections` keep-alive connections, each sending its next request as soon
 * as the previous answer is read whole. Bounded by time and count, so it can never run away.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { origin, connections, seconds, maxRequests = Number.POSITIVE_INFINITY, next } = options;
  // One socket per worker: pipelining off, so a latency is one request's own round trip.
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const latency = new LatencyHistogram();
  const byLabel = new Map<string, LabelFigures>();
  const statuses = new Map<number, number>();
  let sent = 0;
  let errors = 0;
  let reported = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const figuresFor = (label: string) => {
    let figures = byLabel.get(label);
    if (!figures) {
      figures = { latency: new LatencyHistogram(), errors: 0 };
      byLabel.set(label, figures);
    }
    return figures;
  };
  const fail = (label: string, status: number, body: string) => {
    errors += 1;
    figuresFor(label).errors += 1;
    if (reported < 5 && options.onError) {
      reported += 1;
      options.onError(label, status, body);
    }
  };

  const worker = async (index: number) => {
    for (let iteration = 0; performance.now() < deadline && sent < maxRequests; iteration += 1) {
      sent += 1;
      const request = next(index, iteration);
      const headers: Record<string, string> = { ...request.headers };
      let body: string | undefined;
      if (request.body !== undefined) {
        body = JSON.stringify(request.body);
        headers['content-type'] = 'application/json';
      }
      const begin = performance.now();
      try {
        const response = await pool.request({
          path: request.path,
          method: request.method,
          headers,
          body,
        });
        // Read the body whole: the answer is not delivered until its last byte is.
        const text = await response.body.text();
        const ms = performance.now() - begin;
        latency.record(ms);
        figuresFor(request.label).latency.record(ms);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (!(request.ok ?? isSuccess)(response.statusCode)) {
          fail(request.label, response.statusCode, text.slice(0, 200));
        }
      } catch (error) {
        fail(request.label, 0, error instanceof Error ? error.message : String(error));
      }
    }
  };

  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return {
    requests: latency.count,
    errors,
    seconds: elapsed,
    perSecond: latency.count / elapsed,
    latency,
    byLabel,
    statuses,
  };
}

/** `200×1234, 409×2` */
export function describeStatuses(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}
