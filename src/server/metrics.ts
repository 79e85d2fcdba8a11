import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeTable } from '../contract/routes';
import { matchScreen } from '../web/lib/screens';
import type { RefusingLimit } from '../api/http/errors';

/** What the metrics read from the server's parts, each at scrape time. */
export interface MetricSources {
  /** The answer cache's hits and misses so far (http/answer-cache.ts). */
  answerCache?: () => { hits: number; misses: number };
  /** The password hash queue (api/auth/bounded-hasher.ts): calls waiting and running. */
  hashQueue?: () => { waiting: number; running: number };
  /**
   * The database's pool: PostgreSQL's connections (pg) or SQLite's read threads, idle ones, and
   * queries waiting for one.
   */
  databasePool?: () => { totalCount: number; idleCount: number; waitingCount: number };
}

/** Methods named in the labels as they are; any other is `other` (bounded label values). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The paths the server answers outside the route table, each its own label. */
const OWN_PATHS = new Set(['/api/health', '/api/openapi.json', '/healthz', '/readyz', '/metrics']);

/** The search engines' files (seo/), each its own label; the sitemap's pages one for all. */
const SEO_PATHS = new Set(['/robots.txt', '/sitemap.xml']);

/** The built app's files: its hashed assets and the files at the top of public/. */
const STATIC_FILE = /^\/(assets\/[^/]+|[\w-]+\.(svg|webmanifest|ico|png|txt|json))$/;

/**
 * The route label of a request: the route table's pattern it matches (`/api/video/{videoId}`),
 * one of the server's own paths, `/api/*` for any other API path, the web app's screen for a page
 * (`/watch/:videoId`), `static` for the app's files and `unknown` for any other path. Never the
 * raw URL, so the label takes a bounded set of values.
 */
export function routeLabel(method: string, url: string): string {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  if (OWN_PATHS.has(path) || SEO_PATHS.has(path)) return path;
  if (path !== '/api' && !path.startsWith('/api/')) {
    if (path.startsWith('/sitemaps/')) return '/sitemaps/*';
    const screen = matchScreen(path);
    if (screen) return screen.screen.path;
    return STATIC_FILE.test(path) ? 'static' : 'unknown';
  }
  const asked = method === 'HEAD' ? 'GET' : method;
  const found =
    ROUTES.find((route) => route.method === asked && route.pattern.test(path)) ??
    ROUTES.find((route) => route.pattern.test(path));
  return found ? found.path : '/api/*';
}

/** The table's routes as patterns, fixed paths before those with parameters. */
const ROUTES = routeTable
  .map(({ method, path }) => ({
    method: method as string,
    path,
    params: (path.match(/\{/g) ?? []).length,
    pattern: new RegExp(
      `^${path
        .split(/\{[^{}]+\}/)
        .map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}/?$`,
    ),
  }))
  .sort((a, b) => a.params - b.params);

/**
 * How the cluster's primary combines each process's default metrics that are not to be summed
 * (prom-client sums the rest): a limit every process has alike is one process's value, not
 * 40,000 for 4 workers of 10,000; the start time is the oldest process's (the primary's: when
 * the server started), where prom-client would leave it out.
 */
const NOT_SUMMED: Record<string, 'max' | 'min'> = {
  process_max_fds: 'max',
  process_start_time_seconds: 'min',
};

/** prom-client's default metrics (event loop, memory, CPU, handles), aggregated as above. */
function collectProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const [name, aggregator] of Object.entries(NOT_SUMMED)) {
    const metric = registry.getSingleMetric(name) as { aggregator?: string } | undefined;
    if (metric) metric.aggregator = aggregator;
  }
}

/**
 * A process's metrics, in a registry of its own: requests by method, route and status, their
 * durations, Node's own (event-loop lag, memory, CPU: collectDefaultMetrics), the answer cache,
 * the hash queue, the database pool and the build. A cluster's primary sums its workers'
 * (`serveClusterMetrics`); one process serves its own (`serveMetrics`).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private readonly refusals: Counter<'limit'>;
  private readonly queries: Histogram;

  constructor(version: string) {
    const registers = [this.registry];
    collectProcessMetrics(this.registry);
    this.requests = new Counter({
      name: 'codetube_http_requests_total',
      help: 'HTTP requests answered, by method, route (the route table pattern) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'codetube_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by method and route',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.queries = new Histogram({
      name: 'codetube_db_query_duration_seconds',
      help: 'Time the database took for each query sent through Kysely (SQLite or PostgreSQL)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.refusals = new Counter({
      name: 'codetube_rate_limit_refusals_total',
      help: 'Requests a rate limit refused (429), by the limit (a fixed set of names)',
      labelNames: ['limit'],
      registers,
    });
    new Gauge({
      name: 'codetube_build_info',
      help: 'The running build: its version (package.json) and Node version; always 1',
      labelNames: ['version', 'node_version'],
      aggregator: 'max',
      registers,
    }).set({ version, node_version: process.version }, 1);
  }

  /** Times a database query (open-database.ts's observeQueries). */
  queryTimed(seconds: number): void {
    this.queries.observe(seconds);
  }

  /** Counts a request the API's rate limit of that name refused. */
  limitRefused(limit: RefusingLimit): void {
    this.refusals.inc({ limit });
  }

  /** Reads the server's parts at each scrape. */
  observe(sources: MetricSources): void {
    const registers = [this.registry];
    const { answerCache, hashQueue, databasePool } = sources;
    if (answerCache) {
      new Counter({
        name: 'codetube_answer_cache_hits_total',
        help: 'Catalogue reads answered from kept bytes (the answer cache)',
        registers,
        collect() {
          this.reset();
          this.inc(answerCache().hits);
        },
      });
      new Counter({
        name: 'codetube_answer_cache_misses_total',
        help: 'Catalogue reads the answer cache could not answer (the app computed them)',
        registers,
        collect() {
          this.reset();
          this.inc(answerCache().misses);
        },
      });
    }
    if (hashQueue) {
      new Gauge({
        name: 'codetube_password_hash_queue',
        help: 'Password hashes (logins, signups) waiting for a slot, and running',
        labelNames: ['state'],
        registers,
        collect() {
          const { waiting, running } = hashQueue();
          this.set({ state: 'waiting' }, waiting);
          this.set({ state: 'running' }, running);
        },
      });
    }
    if (databasePool) {
      new Gauge({
        name: 'codetube_db_pool_connections',
        help: "The database pool's connections (SQLite: read threads): all, and the idle among them",
        labelNames: ['state'],
        registers,
        collect() {
          const pool = databasePool();
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'codetube_db_pool_waiting_requests',
        help: "Queries waiting for a connection of the database's pool (SQLite: a read thread)",
        registers,
        collect() {
          this.set(databasePool().waitingCount);
        },
      });
    }
  }

  /** The server's request listener, counting and timing each answer once it is written. */
  recording(listener: RequestListener): RequestListener {
    return (request, response) => {
      const started = performance.now();
      response.once('finish', () => {
        const method = METHODS.has(request.method ?? '') ? request.method! : 'other';
        const route = routeLabel(method, request.url ?? '/');
        this.requests.inc({ method, route, status: String(response.statusCode) });
        this.durations.observe({ method, route }, (performance.now() - started) / 1000);
      });
      listener(request, response);
    };
  }

  /** In a cluster worker: hands this registry to the primary when it asks (prom-client's IPC). */
  reportToPrimary(): void {
    AggregatorRegistry.setRegistries([this.registry]);
    // Constructing one adds the worker's listener for the primary's requests.
    new AggregatorRegistry();
  }
}

/** Where the metrics are served: METRICS_HOST and METRICS_PORT. */
export interface MetricsAddress {
  host: string;
  port: number;
}

/**
 * Serves GET /metrics (the Prometheus text format) on its own port, apart from the app's, so
 * that only who may reach that port (loopback by default) sees it; anything else is a 404.
 * Resolves with the port once listening; rejects when it cannot listen.
 */
export function serveMetrics(
  address: MetricsAddress,
  read: () => Promise<{ contentType: string; text: string }>,
  onError: (message: string) => void = () => {},
): Promise<{ port: number; server: Server }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: ['Not found.'] }));
      return;
    }
    read().then(
      ({ contentType, text }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(`metrics could not be read: ${String(error)}`);
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ errors: ['Internal Server Error'] }));
      },
    );
  });
  // Not a reason to keep the process alive: it stops with the server.
  server.unref();
  return new Promise((listening, failed) => {
    server.once('error', (error) =>
      failed(
        new Error(`cannot serve the metrics on ${address.host}:${address.port}: ${error.message}`),
      ),
    );
    server.listen(address.port, address.host, () =>
      listening({ port: (server.address() as AddressInfo).port, server }),
    );
  });
}

/**
 * The cluster primary's own metrics: its process (memory, CPU: added to the workers', so the
 * figures cover the whole server) and how many workers died and were replaced.
 */
export class PrimaryMetrics {
  readonly registry = new Registry();
  readonly workerRestarts: Counter;

  constructor() {
    collectProcessMetrics(this.registry);
    this.workerRestarts = new Counter({
      name: 'codetube_worker_restarts_total',
      help: 'Worker processes that died while serving and were replaced by the primary',
      registers: [this.registry],
    });
  }
}

/** The primary's own metrics, added to the workers' at the next aggregation (see below). */
let primaryMetrics: object[] | undefined;
let aggregateWrapped = false;

/**
 * The cluster's primary: its workers' metrics and its own, combined (each metric by its
 * aggregator: summed unless it says otherwise). prom-client asks only the workers, then builds
 * the answer with AggregatorRegistry.aggregate: the primary's own are added there.
 */
export function clusterMetricsReader(
  primary: PrimaryMetrics,
): () => Promise<{ contentType: string; text: string }> {
  if (!aggregateWrapped) {
    aggregateWrapped = true;
    const aggregate = AggregatorRegistry.aggregate.bind(AggregatorRegistry);
    AggregatorRegistry.aggregate = ((workers: object[]) =>
      aggregate(primaryMetrics ? [...workers, primaryMetrics] : workers)) as typeof aggregate;
  }
  const aggregator = new AggregatorRegistry();
  return async () => {
    primaryMetrics = await primary.registry.getMetricsAsJSON();
    return { contentType: aggregator.contentType, text: await aggregator.clusterMetrics() };
  };
}

/** One process: its own registry. */
export function processMetricsReader(
  metrics: ServerMetrics,
): () => Promise<{ contentType: string; text: string }> {
  return async () => ({
    contentType: metrics.registry.contentType,
    text: await metrics.registry.metrics(),
  });
}
