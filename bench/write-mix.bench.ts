import { buildApp } from './lib/build';
import { describeStatuses, runLoad, type LoadRequest, type LoadResult } from './lib/load';
import { startPostgres } from './lib/postgres';
import { fmt, printGoal, printLine, printRatio, printZeroGoal } from './lib/report';
import { signUpUsers, startBenchServer, videoIds } from './lib/server';

const SERVER_PORTS = [3230, 3239] as const;
const POSTGRES_PORTS = [4510, 4519] as const;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.WRITE_MIX_SECONDS ?? 20);
const BASELINE_SECONDS = 5;
const P99_GOAL_MS = 20;
/** Enough videos that a connection's history adds stay fresh for a whole run. */
const SEED_VIDEOS = 2000;

/**
 * One signed-in user per connection, each looping like → unlike → history add → note save on
 * the next video of its own walk through the catalogue. A history add of a video already in the
 * history answers 409 by design: counted as expected, every other non-2xx is an error.
 */
export function writeMix(tokens: string[], ids: string[]) {
  return (worker: number, iteration: number): LoadRequest => {
    const step = iteration % 4;
    const cycle = Math.floor(iteration / 4);
    // Connections start far apart in the catalogue so they do not all write the same rows.
    const videoId = ids[(cycle + worker * 37) % ids.length]!;
    const headers = { authorization: tokens[worker % tokens.length]! };
    const video = { _id: videoId };
    switch (step) {
      case 0:
        return { label: 'like', method: 'POST', path: '/api/user/likes', headers, body: { video } };
      case 1:
        return { label: 'unlike', method: 'DELETE', path: `/api/user/likes/${videoId}`, headers };
      case 2:
        return {
          label: 'history add',
          method: 'POST',
          path: '/api/user/history',
          headers,
          body: { video },
          ok: (status) => status === 201 || status === 409,
        };
      default:
        return {
          label: 'note save',
          method: 'POST',
          path: `/api/user/notes/${videoId}`,
          headers,
          body: { note: { content: `bench note ${cycle}`, time: cycle % 600 } },
        };
    }
  };
}

function printLatencies(result: LoadResult) {
  for (const [label, figures] of result.byLabel) {
    printLine(
      `${label.padEnd(12)} p50 ${fmt(figures.latency.percentile(50))} ms, ` +
        `p99 ${fmt(figures.latency.percentile(99))} ms, ${figures.errors} errors`,
    );
  }
}

async function onStore(dialect: 'sqlite' | 'postgres', postgresUrl?: string) {
  const server = await startBenchServer({
    webDir: await buildApp('server'),
    ports: SERVER_PORTS,
    postgresUrl,
    seedVideos: SEED_VIDEOS,
  });
  try {
    const tokens = await signUpUsers(server.url, CONNECTIONS, `mix-${dialect}`);
    const ids = await videoIds(server.url);

    // Same-run baseline: the cheapest round trip through the same stack and database.
    const health = await runLoad({
      origin: server.url,
      connections: CONNECTIONS,
      seconds: BASELINE_SECONDS,
      next: () => ({ label: 'health', method: 'GET', path: '/api/health' }),
    });
    const baselineP99 = health.latency.percentile(99);
    printLine(
      `${dialect}: baseline GET /api/health p50 ${fmt(health.latency.percentile(50))} ms, ` +
        `p99 ${fmt(baselineP99)} ms, ${fmt(health.perSecond, 0)} req/s`,
    );

    const mix = await runLoad({
      origin: server.url,
      connections: CONNECTIONS,
      seconds: SECONDS,
      next: writeMix(tokens, ids),
      onError: (label, status, body) => printLine(`${dialect}: ${label} failed: ${status} ${body}`),
    });
    const p99 = mix.latency.percentile(99);
    // Closed loop: each connection waits for its answer, so mean latency ≈ connections / rate.
    printLine(
      `${dialect}: Little's law check: ${CONNECTIONS} connections / ${fmt(mix.perSecond, 0)} per s ` +
        `= ${fmt((CONNECTIONS / mix.perSecond) * 1000)} ms, measured mean ${fmt(mix.latency.mean())} ms`,
    );
    printLine(
      `${dialect}: ${mix.requests} writes in ${fmt(mix.seconds, 1)} s (${fmt(mix.perSecond, 0)}/s), ` +
        `statuses ${describeStatuses(mix.statuses)}`,
    );
    printLatencies(mix);
    printLine(
      `${dialect}: all writes p50 ${fmt(mix.latency.percentile(50))} ms, max ${fmt(mix.latency.max)} ms`,
    );
    printGoal(`${dialect} write mix p99`, p99, P99_GOAL_MS, 'at-most', ' ms');
    printZeroGoal(`${dialect} write mix errors`, mix.errors);
    printRatio(
      `${dialect} p99 vs health p99`,
      p99 / baselineP99,
      `${fmt(p99)} ms / ${fmt(baselineP99)} ms`,
    );
  } finally {
    await server.stop();
  }
}

/** The authenticated write mix at 50 connections on SQLite, then on PostgreSQL. */
export async function run(): Promise<void> {
  await onStore('sqlite');
  const postgres = await startPostgres(POSTGRES_PORTS);
  try {
    await onStore('postgres', postgres.url);
  } finally {
    await postgres.stop();
  }
}
