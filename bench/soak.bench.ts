import { buildApp } from './lib/build';
import { describeStatuses, runLoad, type LoadRequest } from './lib/load';
import { fmt, printLine, printRatio, printZeroGoal } from './lib/report';
import { signUpUsers, startBenchServer, videoIds } from './lib/server';

const SERVER_PORTS = [3260, 3269] as const;
const CONNECTIONS = 50;
/** 10 minutes unless SOAK_SECONDS says otherwise (e.g. 60 for a quick run). */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
/** The soak is run in this many segments, each reporting its rate, p99 and the server's memory. */
const SEGMENTS = 10;
const WARMUP_SECONDS = 5;
const SEED_VIDEOS = 200;

/**
 * Reads and writes whose effects undo each other (like/unlike, history add/remove, a saved
 * position overwritten), so the data stays the same size: memory that grows is the server's.
 */
function soakMix(tokens: string[], ids: string[]) {
  return (worker: number, iteration: number): LoadRequest => {
    const cycle = Math.floor(iteration / 7);
    const videoId = ids[(cycle + worker * 3) % ids.length]!;
    const headers = { authorization: tokens[worker % tokens.length]! };
    const video = { _id: videoId };
    switch (iteration % 7) {
      case 0:
        return { label: 'videos', method: 'GET', path: '/api/videos' };
      case 1:
        return { label: 'video', method: 'GET', path: `/api/video/${videoId}` };
      case 2:
        return { label: 'like', method: 'POST', path: '/api/user/likes', headers, body: { video } };
      case 3:
        return { label: 'unlike', method: 'DELETE', path: `/api/user/likes/${videoId}`, headers };
      case 4:
        return {
          label: 'history add',
          method: 'POST',
          path: '/api/user/history',
          headers,
          body: { video },
        };
      case 5:
        return {
          label: 'history remove',
          method: 'DELETE',
          path: `/api/user/history/${videoId}`,
          headers,
        };
      default:
        return {
          label: 'progress',
          method: 'POST',
          path: `/api/user/progress/${videoId}`,
          headers,
          body: { seconds: cycle % 3600 },
        };
    }
  };
}

/** SOAK_SECONDS (default 600) of a mixed read/write load at 50 connections on SQLite. */
export async function run(): Promise<void> {
  const server = await startBenchServer({
    webDir: await buildApp('server'),
    ports: SERVER_PORTS,
    seedVideos: SEED_VIDEOS,
  });
  try {
    const tokens = await signUpUsers(server.url, CONNECTIONS, 'soak');
    const ids = await videoIds(server.url);
    const mix = soakMix(tokens, ids);
    // Each connection resumes its sequence exactly where the last segment stopped it, so an
    // unlike is never skipped and a repeated like cannot answer 409.
    const done = new Array<number>(CONNECTIONS).fill(0);
    const next = (worker: number) => mix(worker, done[worker]!++);
    await runLoad({ origin: server.url, connections: CONNECTIONS, seconds: WARMUP_SECONDS, next });
    const startMiB = server.rssMiB();
    printLine(
      `${SOAK_SECONDS} s at ${CONNECTIONS} connections; server RSS after warm-up ${fmt(startMiB, 1)} MiB`,
    );

    let errors = 0;
    let requests = 0;
    let peakMiB = startMiB;
    const statuses = new Map<number, number>();
    for (let segment = 1; segment <= SEGMENTS; segment += 1) {
      const result = await runLoad({
        origin: server.url,
        connections: CONNECTIONS,
        seconds: SOAK_SECONDS / SEGMENTS,
        next,
        onError: (label, status, body) => printLine(`${label} failed: ${status} ${body}`),
      });
      const rss = server.rssMiB();
      peakMiB = Math.max(peakMiB, rss);
      errors += result.errors;
      requests += result.requests;
      for (const [status, count] of result.statuses)
        statuses.set(status, (statuses.get(status) ?? 0) + count);
      printLine(
        `segment ${segment}/${SEGMENTS}: ${fmt(result.perSecond, 0)} req/s, ` +
          `p50 ${fmt(result.latency.percentile(50))} ms, p99 ${fmt(result.latency.percentile(99))} ms, ` +
          `${result.errors} errors, RSS ${fmt(rss, 1)} MiB`,
      );
    }
    const endMiB = server.rssMiB();
    printLine(`${requests} requests, statuses ${describeStatuses(statuses)}`);
    printZeroGoal('soak errors', errors);
    printRatio(
      'server memory end / start',
      endMiB / startMiB,
      `RSS ${fmt(startMiB, 1)} → ${fmt(endMiB, 1)} MiB, peak ${fmt(peakMiB, 1)} MiB; steady ≈ 1`,
    );
  } finally {
    await server.stop();
  }
}
