import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import type { Recording } from './lib/bare-server';
import { buildApp, projectRoot } from './lib/build';
import { runLoad, type LoadResult } from './lib/load';
import { fmt, printLine, printRatioGoal } from './lib/report';
import { startBenchServer } from './lib/server';
import { freePort } from '../src/server/testing/free-port';
import { tempDir } from './lib/temp';

const SERVER_PORTS = [3210, 3219] as const;
const BARE_PORTS = [3220, 3229] as const;
const CONNECTIONS = 50;
/** Seconds per measured round; rounds alternate app and bare so drift hits both alike. */
const ROUND_SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 8);
const ROUNDS = 2;
const WARMUP_SECONDS = 2;
const GOAL = 0.8;
/** Headers that belong to one connection or moment, not to the answer. */
const hopHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The real server's answer to GET /api/videos, for each accept-encoding the load sends. */
async function record(url: string, encodings: string[]): Promise<Recording> {
  const recording: Recording = {};
  for (const encoding of encodings) {
    // undici's request (unlike fetch) hands over the bytes as they came, still compressed.
    const response = await request(`${url}/api/videos`, { headers: acceptHeaders(encoding) });
    const body = Buffer.from(await response.body.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!hopHeaders.has(name) && value !== undefined) headers[name] = String(value);
    }
    headers['content-length'] = String(body.length);
    recording[encoding] = {
      status: response.statusCode,
      headers,
      bodyBase64: body.toString('base64'),
    };
  }
  return recording;
}

async function startBare(recording: Recording) {
  const file = join(tempDir('bare'), 'recording.json');
  writeFileSync(file, JSON.stringify(recording));
  const port = await freePort(...BARE_PORTS);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/bare-server.ts', file, String(port)],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', () => done());
    child.once('exit', () => fail(new Error('bare server exited at start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

const acceptHeaders = (encoding: string): Record<string, string> =>
  encoding ? { 'accept-encoding': encoding } : {};

const load = (origin: string, seconds: number, encoding: string) =>
  runLoad({
    origin,
    connections: CONNECTIONS,
    seconds,
    next: () => ({
      label: 'videos',
      method: 'GET',
      path: '/api/videos',
      headers: acceptHeaders(encoding),
    }),
  });

const summary = (result: LoadResult) =>
  `${fmt(result.perSecond, 0)} req/s, p50 ${fmt(result.latency.percentile(50))} ms, ` +
  `p99 ${fmt(result.latency.percentile(99))} ms, ${result.errors} errors`;

/** App and bare, alternating rounds of the same load; returns the summed rates and the last runs. */
async function compare(appUrl: string, bareUrl: string, encoding: string) {
  await load(appUrl, WARMUP_SECONDS, encoding);
  await load(bareUrl, WARMUP_SECONDS, encoding);
  let app = 0;
  let bare = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const a = await load(appUrl, ROUND_SECONDS, encoding);
    const b = await load(bareUrl, ROUND_SECONDS, encoding);
    if (a.errors + b.errors > 0)
      throw new Error(`errors under load: app ${a.errors}, bare ${b.errors}`);
    printLine(`round ${round + 1} app:  ${summary(a)}`);
    printLine(`round ${round + 1} bare: ${summary(b)}`);
    app += a.requests / a.seconds;
    bare += b.requests / b.seconds;
  }
  return app / bare;
}

/**
 * GET /api/videos on the real server (SQLite, the seeded catalogue) against a bare node:http
 * server answering the very same bytes, at 50 keep-alive connections, in alternating rounds.
 */
export async function run(): Promise<void> {
  const server = await startBenchServer({ webDir: await buildApp('server'), ports: SERVER_PORTS });
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    const recording = await record(server.url, ['', 'gzip']);
    bare = await startBare(recording);
    const identityBytes = Buffer.from(recording['']!.bodyBase64, 'base64').length;
    const gzipBytes = Buffer.from(recording.gzip!.bodyBase64, 'base64').length;
    printLine(
      `GET /api/videos answers ${identityBytes} bytes (${gzipBytes} when gzipped); ${CONNECTIONS} connections`,
    );

    printLine('uncompressed (no accept-encoding):');
    const plain = await compare(server.url, bare.url, '');
    printRatioGoal('throughput app / bare node:http, same bytes', plain, GOAL);

    // Browsers send accept-encoding: the app then gzips each answer, the bare server replays it.
    printLine('accept-encoding: gzip (the app compresses per request, bare replays its bytes):');
    const gzip = await compare(server.url, bare.url, 'gzip');
    printRatioGoal('throughput app / bare node:http, gzip', gzip, GOAL);
  } finally {
    await bare?.stop();
    await server.stop();
  }
}
