import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { parsePrometheusText, sampleValue } from '../testing/prometheus-text';
import { childPids, killAllServers, startServer } from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

afterAll(killAllServers);

const { version } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** Starts the compiled server (two workers) with METRICS_PORT; scrapes its metrics. */
async function serverWithMetrics(env: Record<string, string>, dir: string) {
  const metricsPort = await freePort(3500, 3509);
  const server = await startServer(
    {
      DATA_DIR: dir,
      WEB_DIR: writeWebFixture(dir),
      JWT_SECRET: 'metrics-test-secret-of-32-characters-or-more',
      METRICS_PORT: String(metricsPort),
      ...env,
    },
    [3510, 3519],
  );
  await server.waitForOutput(/metrics on http:\/\/127\.0\.0\.1:\d+\/metrics/);
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  const scrape = async () => {
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, families: parsePrometheusText(text) };
  };
  return { server, metricsUrl, scrape };
}

describe('the Prometheus endpoint (METRICS_PORT), summed over the workers', () => {
  it('counts requests by route pattern and status, and shows latency, lag, cache, queue and build', async () => {
    const dir = createTempDir();
    try {
      const { server, metricsUrl, scrape } = await serverWithMetrics(
        { DATABASE_URL: join(dir.path, 'metrics.sqlite') },
        dir.path,
      );
      const notFound = { method: 'GET', route: '/api/video/{videoId}', status: '404' };
      const before = await scrape();
      const counted = sampleValue(before.families, 'codetube_http_requests_total', notFound) ?? 0;

      expect((await fetch(`${server.url}/api/video/no-such-video`)).status).toBe(404);
      // Three times: two workers, so one of them answers it twice, the second from kept bytes.
      for (let round = 0; round < 3; round += 1) {
        expect((await fetch(`${server.url}/api/videos?limit=1`)).status).toBe(200);
      }

      const { text, families } = await scrape();
      expect(sampleValue(families, 'codetube_http_requests_total', notFound)).toBe(counted + 1);
      // Labels name the pattern, never the raw URL.
      expect(text).not.toContain('no-such-video');
      const videos = { method: 'GET', route: '/api/videos', status: '200' };
      expect(sampleValue(families, 'codetube_http_requests_total', videos)).toBe(3);
      const latency = families.get('codetube_http_request_duration_seconds')!;
      expect(latency.type).toBe('histogram');
      const route = { method: 'GET', route: '/api/videos' };
      expect(
        sampleValue(families, 'codetube_http_request_duration_seconds_bucket', {
          ...route,
          le: '+Inf',
        }),
      ).toBe(3);
      expect(sampleValue(families, 'codetube_http_request_duration_seconds_count', route)).toBe(3);
      expect(families.get('codetube_answer_cache_hits_total')!.type).toBe('counter');
      expect(sampleValue(families, 'codetube_answer_cache_hits_total')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(families, 'codetube_answer_cache_misses_total')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(families, 'codetube_password_hash_queue', { state: 'waiting' })).toBe(0);
      expect(families.get('nodejs_eventloop_lag_seconds')!.type).toBe('gauge');
      // One build, whatever the number of workers.
      expect(sampleValue(families, 'codetube_build_info', { version })).toBe(1);

      // Not on the app's port; nothing else on the metrics port.
      const main = await fetch(`${server.url}/metrics`);
      expect([main.status, await main.json()]).toEqual([404, { errors: ['Not found.'] }]);
      expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
      expect((await server.stop('SIGTERM')).code).toBe(0);
    } finally {
      killAllServers();
      await dir.drop();
    }
  }, 60_000);

  it("shows PostgreSQL's pool: connections, idle ones, and queries waiting", async () => {
    const dir = createTempDir();
    const database = await createPostgresDatabase(inject('postgresUrl'));
    try {
      const { server, scrape } = await serverWithMetrics({ DATABASE_URL: database.url }, dir.path);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const { families } = await scrape();
      expect(
        sampleValue(families, 'codetube_db_pool_connections', { state: 'total' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sampleValue(families, 'codetube_db_pool_connections', { state: 'idle' }),
      ).toBeGreaterThanOrEqual(0);
      expect(sampleValue(families, 'codetube_db_pool_waiting_requests')).toBe(0);
      expect((await server.stop('SIGTERM')).code).toBe(0);
    } finally {
      killAllServers();
      await database.drop();
      await dir.drop();
    }
  }, 60_000);
});

/** A process's resident memory (VmRSS) and its soft limit of open files, from /proc. */
function processFigures(pid: number): { rss: number; maxFds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  return {
    rss: Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024,
    maxFds: Number(/^Max open files\s+(\d+)/m.exec(limits)![1]),
  };
}

describe("the cluster's process figures an operator can trust (issue 42 #9)", () => {
  it('does not sum per-process limits, counts the primary in memory, and counts worker restarts', async () => {
    const dir = createTempDir();
    try {
      const startedBefore = Math.floor(Date.now() / 1000);
      const { server, scrape } = await serverWithMetrics(
        { DATABASE_URL: join(dir.path, 'metrics.sqlite') },
        dir.path,
      );
      const primary = server.child.pid!;
      const workers = childPids(primary);
      expect(workers).toHaveLength(2);
      expect((await fetch(`${server.url}/api/videos?limit=2`)).status).toBe(200);
      const memory = () =>
        [primary, ...workers].reduce((sum, pid) => sum + processFigures(pid).rss, 0);
      const before = memory();
      const { families } = await scrape();
      const after = memory();
      // One process's limit, not the workers' sum (40,000 with 4 workers of 10,000).
      expect(sampleValue(families, 'process_max_fds')).toBe(processFigures(primary).maxFds);
      // Every process's memory, the primary's included (within what moved during the scrape).
      expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThanOrEqual(
        0.9 * Math.min(before, after),
      );
      // When the server started: its primary, the oldest of its processes.
      const started = sampleValue(families, 'process_start_time_seconds')!;
      expect(started).toBeGreaterThanOrEqual(startedBefore - 1);
      expect(started).toBeLessThanOrEqual(Date.now() / 1000);
      expect(sampleValue(families, 'codetube_worker_restarts_total')).toBe(0);
      // SQLite's read threads (two per worker here) and the queries' times.
      expect(sampleValue(families, 'codetube_db_pool_connections', { state: 'total' })).toBe(4);
      expect(
        sampleValue(families, 'codetube_db_query_duration_seconds_count'),
      ).toBeGreaterThanOrEqual(1);

      // A worker dies: the primary replaces it, and the count says so.
      process.kill(workers[0]!, 'SIGKILL');
      await server.waitForOutput(/worker \d+ listening/);
      const later = await scrape();
      expect(sampleValue(later.families, 'codetube_worker_restarts_total')).toBe(1);
      expect(sampleValue(later.families, 'process_max_fds')).toBe(processFigures(primary).maxFds);
      expect((await server.stop('SIGTERM')).code).toBe(0);
    } finally {
      killAllServers();
      await dir.drop();
    }
  }, 60_000);
});

describe('the test parser of the Prometheus text format', () => {
  it('reads families, labels with escapes and special values, and refuses what is not the format', () => {
    const families = parsePrometheusText(
      [
        '# HELP a_total A "counter".',
        '# TYPE a_total counter',
        'a_total{path="a\\"b\\\\c\\n",x="1"} 3',
        '# TYPE h histogram',
        'h_bucket{le="+Inf"} 2',
        'h_sum 0.5',
        'h_count 2',
        '# TYPE g gauge',
        'g NaN',
        '',
      ].join('\n'),
    );
    expect(families.get('a_total')!.samples[0]!.labels.path).toBe('a"b\\c\n');
    expect(sampleValue(families, 'h_bucket', { le: '+Inf' })).toBe(2);
    expect(sampleValue(families, 'g')).toBeNaN();
    for (const bad of [
      'a 1\n', // no TYPE
      '# TYPE a gauge\na{x=1} 1\n', // unquoted label
      '# TYPE a gauge\na 1\na 2\n', // a series twice
      '# TYPE a gauge\na one\n', // not a number
      '# TYPE a gauge\nb 1\n', // outside its family
      '# TYPE a gauge\na 1', // no final newline
      '# TYPE a gauge\n# TYPE b gauge\n# TYPE a gauge\n', // a family split
    ]) {
      expect(() => parsePrometheusText(bad), bad).toThrow();
    }
  });
});
