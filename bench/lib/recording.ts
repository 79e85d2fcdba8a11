/**
 * Records the real server's answers and replays them from a bare node:http process
 * (bare-server.ts): the same-run baseline of the throughput figures.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { freePort } from '../../src/server/testing/free-port';
import { recordingKey, type Recording } from './bare-server';
import { projectRoot } from './build';
import { tempDir } from './temp';

/** Headers that belong to one connection or moment, not to the answer. */
const hopHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Adds the real server's answer to `GET path` (with these request headers) to `recording`, as it
 * came: undici's request, unlike fetch, hands over the bytes still compressed. Returns its size.
 */
export async function recordAnswer(
  recording: Recording,
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await request(`${url}${path}`, { headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200) {
    throw new Error(
      `recording GET ${path}: ${response.statusCode} ${body.toString().slice(0, 200)}`,
    );
  }
  const answerHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!hopHeaders.has(name) && value !== undefined) answerHeaders[name] = String(value);
  }
  answerHeaders['content-length'] = String(body.length);
  recording[recordingKey('GET', path, headers['accept-encoding'] ?? '')] = {
    status: response.statusCode,
    headers: answerHeaders,
    bodyBase64: body.toString('base64'),
  };
  return body.length;
}

/** The bare server replaying `recording`, as its own process, on a free port in `ports`. */
export async function startBareServer(recording: Recording, ports: readonly [number, number]) {
  const file = join(tempDir('bare'), 'recording.json');
  writeFileSync(file, JSON.stringify(recording));
  const port = await freePort(...ports);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/bare-server.ts', file, String(port)],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => process.removeListener('exit', kill));
  await new Promise<void>((done, fail) => {
    child.stdout.once('data', () => done());
    void exited.then(() => fail(new Error('bare server exited at start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
