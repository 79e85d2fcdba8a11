import { writeWebFixture } from '../src/server/testing/web-fixture';
import { describeStatuses, type LoadRequest } from './lib/load';
import { median } from './lib/stats';
import { fmt, printGoal, printLine } from './lib/report';
import { startBenchServer } from './lib/server';
import { tempDir } from './lib/temp';

const SERVER_PORTS = [3240, 3249] as const;
/** The auth limits (decision 0007): 250 signups (under the 300 per minute per-address limit). */
const FLOOD = 250;
const FLOOD_PER_SECOND = 50;
const IDLE_SAMPLES = 40;
/** A catalogue big enough that gzip does real work on every GET /api/videos. */
const SEED_VIDEOS = 500;
const RATIO_GOAL = 3;
const TAKEN_EMAIL = 'test@codetube.dev';

/** One compressed GET /api/videos, read whole: milliseconds. */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/videos`, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  if (response.status !== 200 || response.headers.get('content-encoding') !== 'gzip') {
    throw new Error(
      `GET /api/videos: ${response.status}, ${response.headers.get('content-encoding')}`,
    );
  }
  return performance.now() - started;
}

async function sequentialGets(url: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) samples.push(await timedGet(url));
  return samples;
}

/**
 * Sends `FLOOD` requests at `FLOOD_PER_SECOND`, open loop (each one leaves on time whether or not
 * the earlier ones were answered, as a script would send them); meanwhile compressed GETs run one
 * after another on their own connection. Not autocannon (load.ts): with a rate it sends at most
 * one request per connection in flight and caps the connections at the rate, so a flood whose
 * answers are slow would slow itself down, which is the very thing this measures.
 */
async function duringFlood(url: string, next: (index: number) => LoadRequest) {
  const statuses: Record<string, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const send = async (request: LoadRequest) => {
    try {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers: request.body ? { 'content-type': 'application/json' } : {},
        body: request.body ? JSON.stringify(request.body) : undefined,
      });
      await response.arrayBuffer();
      count(response.status);
    } catch {
      count(0);
    }
  };
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let done = false;
  const flood = (async () => {
    for (let index = 0; index < FLOOD; index += 1) {
      const due = started + (index * 1000) / FLOOD_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
      pending.push(send(next(index)));
    }
    await Promise.all(pending);
    done = true;
  })();
  const samples: number[] = [];
  while (!done) samples.push(await timedGet(url));
  await flood;
  const floodMs = performance.now() - started;
  return { samples, floodMs, summary: describeStatuses(statuses) };
}

const signup = (email: string, index: number): LoadRequest => ({
  label: 'signup',
  method: 'POST',
  path: '/api/auth/signup',
  body: { firstName: 'Flood', lastName: String(index), email, password: `flood-pw-${index}` },
});

/**
 * A signup flood must not starve API compression. The idle median of a
 * compressed GET /api/videos against its median while 250 signups arrive at 50 per second, for a
 * taken email (refused before any hashing) and for fresh emails (hashed on the bounded queue; the
 * overflow answers 503 with Retry-After), beside 250 health checks flooded the same way.
 * Goal: each signup flood's median ≤ 3 × the idle median.
 */
export async function run(): Promise<void> {
  const floods: { name: string; next: (index: number) => LoadRequest }[] = [
    // Same-run baseline: the cheapest request, flooded the same way.
    {
      name: 'health checks',
      next: () => ({ label: 'health', method: 'GET', path: '/api/health' }),
    },
    { name: 'taken email', next: (index) => signup(TAKEN_EMAIL, index) },
    {
      name: 'fresh emails',
      next: (index) => signup(`flood-${index}-${Date.now()}@example.com`, index),
    },
  ];
  // A fresh server (and database) per flood: each stays under the per-address limit by itself.
  for (const { name, next } of floods) {
    const server = await startBenchServer({
      webDir: writeWebFixture(tempDir('abuse-web')),
      ports: SERVER_PORTS,
      seedVideos: SEED_VIDEOS,
    });
    try {
      await sequentialGets(server.url, 5); // warm up
      const idle = median(await sequentialGets(server.url, IDLE_SAMPLES));
      printLine(
        `${name}: idle compressed GET /api/videos median ${fmt(idle)} ms (${IDLE_SAMPLES} samples)`,
      );
      const { samples, floodMs, summary } = await duringFlood(server.url, next);
      const during = median(samples);
      printLine(
        `${name}: ${FLOOD} requests at ${FLOOD_PER_SECOND}/s answered in ${fmt(floodMs, 0)} ms (${summary}); ` +
          `GET median ${fmt(during)} ms over ${samples.length} samples`,
      );
      printGoal(`${name} flood median / idle median`, during / idle, RATIO_GOAL, 'at-most', '×');
    } finally {
      await server.stop();
    }
  }
}
