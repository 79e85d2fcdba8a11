import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3490, 3499] as const;
const CLIENTS = 16;

afterAll(killAllServers);

interface Answer {
  status: number;
  connectionClose: boolean;
}

/** One GET on the agent's kept connection; rejects with the socket's error (code or message). */
function get(url: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const pending = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connectionClose: response.headers.connection === 'close',
        }),
      );
      response.on('error', reject);
    });
    pending.on('error', reject);
    pending.end();
  });
}

/**
 * A keep-alive client sending requests one after the other on its one connection until one
 * fails: what it was answered, and how it ended.
 */
async function loop(server: ServerProcess, path: string, started: () => void) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Answer[] = [];
  try {
    for (;;) {
      answers.push(await get(`${server.url}${path}`, agent));
      if (answers.length === 3) started();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { answers, ended: code };
  } finally {
    agent.destroy();
  }
}

describe('a drain (SIGTERM) with keep-alive clients', () => {
  it('resets no request: each is answered, or refused before it is sent; /readyz says 503', async () => {
    const dir = createTempDir();
    try {
      const server = await startServer(
        {
          DATABASE_URL: join(dir.path, 'drain.sqlite'),
          JWT_SECRET: 'drain-test-secret-of-32-characters-or-more',
          DATA_DIR: dir.path,
          WEB_DIR: writeWebFixture(dir.path),
          // One process: with a cluster, a connection the primary accepted in the last
          // milliseconds, while its workers closed one after the other, can still be reset
          // (Node's primary closes those it holds: docs/operators.md "Processes, logs and drain").
          WEB_CONCURRENCY: '1',
        },
        PORTS,
      );
      let running = 0;
      let allRunning!: () => void;
      const everyoneSending = new Promise<void>((resolve) => (allRunning = resolve));
      const started = () => {
        running += 1;
        if (running === CLIENTS + 1) allRunning();
      };
      const clients = [
        ...Array.from({ length: CLIENTS }, (_, index) =>
          loop(server, index % 2 === 0 ? '/api/health' : '/api/videos?limit=1', started),
        ),
        loop(server, '/readyz', started),
      ];
      await everyoneSending;
      server.child.kill('SIGTERM');
      const results = await Promise.all(clients);
      const exit = await server.stop('SIGTERM');

      // Refused: the connection was closed cleanly after an answer saying so, and a new one finds
      // nobody listening. A reset (ECONNRESET, "socket hang up") is a request lost on the way.
      expect(results.map((result) => result.ended)).toEqual(results.map(() => 'ECONNREFUSED'));
      for (const { answers } of results) {
        // Answered all, the last one saying Connection: close.
        expect(answers.at(-1)!.connectionClose).toBe(true);
      }
      const ready = results.at(-1)!.answers;
      expect(ready.at(-1)!.status).toBe(503);
      expect(ready.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
      for (const { answers } of results.slice(0, -1)) {
        expect(answers.every((answer) => answer.status === 200)).toBe(true);
      }
      expect(exit.code).toBe(0);
    } finally {
      killAllServers();
      await dir.drop();
    }
  }, 60_000);
});
