import { buildApp } from './lib/build';
import { describeStatuses, runLoad } from './lib/load';
import { fmt, printLine, printRatio, printZeroGoal } from './lib/report';
import { signUpUsers, startBenchServer, videoIds } from './lib/server';

const SERVER_PORTS = [3260, 3269] as const;
const CONNECTIONS = 50;
/** 10 minutes unless SOAK_SECONDS says otherwise (e.g. 60 for a quick run). */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
/** The soak is cut into this many segments, each reporting its rate, p99 and the server's memory. */
const SEGMENTS = 10;
const WARMUP_SECONDS = 5;
const SEED_VIDEOS = 200;
/** The drain run after the soak: the same load, SIGTERM to the server halfway through. */
const DRAIN_RUN_SECONDS = 20;
/** Connection errors that lose a request on the way (a refused connection sent nothing). */
const RESETS = ['ECONNRESET', 'EPIPE', 'socket hang up'];

/**
 * SOAK_SECONDS (default 600) of a mixed read/write load at 50 connections on SQLite
 * (load-scenarios.ts `soakMix`): one closed-loop run, cut into a warm-up and ten segments, with
 * the server's memory read at each cut. Then the drain (issue 28): DRAIN_RUN_SECONDS more of the
 * same load by fresh users, with SIGTERM to the server at its midpoint; every request must be
 * answered or refused before it is sent (ECONNREFUSED once the server stopped listening), none
 * reset.
 */
export async function run(): Promise<void> {
  const server = await startBenchServer({
    webDir: await buildApp('server'),
    ports: SERVER_PORTS,
    seedVideos: SEED_VIDEOS,
  });
  try {
    const tokens = await signUpUsers(server.url, CONNECTIONS, 'soak');
    const ids = await videoIds(server.url);
    const segmentSeconds = SOAK_SECONDS / SEGMENTS;
    // One run, so that each connection's sequence never restarts (an unlike is never skipped and
    // a repeated like cannot answer 409); the warm-up is its first piece.
    const marks = [
      WARMUP_SECONDS,
      ...Array.from(
        { length: SEGMENTS - 1 },
        (_, index) => WARMUP_SECONDS + (index + 1) * segmentSeconds,
      ),
    ];
    let startMiB = Number.NaN;
    let peakMiB = 0;
    let errors = 0;
    const result = await runLoad({
      url: server.url,
      connections: CONNECTIONS,
      duration: WARMUP_SECONDS + SOAK_SECONDS,
      scenario: { name: 'soakMix', args: { tokens, ids } },
      marks,
      onSegment: (index, figures) => {
        const rss = server.rssMiB();
        if (index === 0) {
          startMiB = rss;
          printLine(
            `${SOAK_SECONDS} s at ${CONNECTIONS} connections; server RSS after a ` +
              `${WARMUP_SECONDS}-s warm-up ${fmt(startMiB, 1)} MiB`,
          );
          return;
        }
        peakMiB = Math.max(peakMiB, rss);
        errors += figures.unexpected + figures.errors;
        printLine(
          `segment ${index}/${SEGMENTS}: ${fmt(figures.requestsPerSecond, 0)} req/s, ` +
            `p50 ${fmt(figures.latency.p50)} ms, p99 ${fmt(figures.latency.p99)} ms, ` +
            `${figures.unexpected + figures.errors} errors, RSS ${fmt(rss, 1)} MiB`,
        );
      },
    });
    const endMiB = server.rssMiB();
    for (const sample of result.samples) {
      printLine(`${sample.label} failed: ${sample.status} ${sample.body}`);
    }
    printLine(
      `${result.requests} requests (warm-up included), statuses ${describeStatuses(result.statusCounts)}, ` +
        `generator ${fmt(result.generatorCores)} cores`,
    );
    printZeroGoal('soak errors', errors);
    printRatio(
      'server memory end / start',
      endMiB / startMiB,
      `RSS ${fmt(startMiB, 1)} → ${fmt(endMiB, 1)} MiB, peak ${fmt(peakMiB, 1)} MiB; steady ≈ 1`,
    );

    const drainTokens = await signUpUsers(server.url, CONNECTIONS, 'drain');
    let stopped: Promise<void> | undefined;
    const halfway = setTimeout(
      () => {
        stopped = server.stop();
      },
      (DRAIN_RUN_SECONDS * 1000) / 2,
    );
    const drained = await runLoad({
      url: server.url,
      connections: CONNECTIONS,
      duration: DRAIN_RUN_SECONDS,
      scenario: { name: 'soakMix', args: { tokens: drainTokens, ids } },
      timeoutSeconds: 5,
    });
    clearTimeout(halfway);
    await stopped;
    const kinds = Object.entries(drained.errorKinds);
    printLine(
      `drain: SIGTERM after ${DRAIN_RUN_SECONDS / 2} s of ${DRAIN_RUN_SECONDS} s at ${CONNECTIONS} ` +
        `connections; ${drained.requests} answered (${describeStatuses(drained.statusCounts)}); ` +
        `connection errors ${kinds.length === 0 ? 'none' : kinds.map(([kind, count]) => `${kind}×${count}`).join(', ')}`,
    );
    printZeroGoal(
      'requests reset by the drain',
      kinds.filter(([kind]) => RESETS.includes(kind)).reduce((sum, [, count]) => sum + count, 0) +
        drained.timeouts,
    );
  } finally {
    await server.stop();
  }
}
