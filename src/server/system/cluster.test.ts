import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer } from '../testing/http-client';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [4410, 4419] as const;

afterAll(killAllServers);

interface LogLine {
  level: string;
  time: string;
  pid: number;
  msg: string;
  reqId?: string;
  status?: number;
  workers?: number[];
}

/** Every line the server printed, each a JSON object (a line that is not fails the parse). */
function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine);
}

/** A GET on a connection of its own (no keep-alive), so each one may reach another worker. */
function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; requestId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const pending = request(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          requestId: res.headers['x-request-id'] as string | undefined,
        }),
      );
    });
    pending.on('error', reject);
    pending.end();
  });
}

/**
 * A signup whose body stops after 20 bytes: once the server has logged the request (it is in
 * flight), `meanwhile` runs, then the rest of the body is sent. Resolves with the answer.
 */
function signupHeldOpen(
  server: ServerProcess,
  email: string,
  meanwhile: () => Promise<void>,
): Promise<{ status: number; text: string }> {
  const body = JSON.stringify({
    firstName: 'In',
    lastName: 'Flight',
    email,
    password: 'pw-request-in-flight',
  });
  return new Promise((resolve, reject) => {
    const pending = request(`${server.url}/api/auth/signup`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    pending.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    pending.on('error', reject);
    pending.write(body.slice(0, 20));
    void server
      .waitForOutput(/-> POST \/api\/auth\/signup/)
      .then(meanwhile)
      .then(() => pending.end(body.slice(20)))
      .catch(reject);
  });
}

async function withServer(
  env: Record<string, string>,
  run: (server: ServerProcess, dir: string) => Promise<void>,
) {
  const dir = createTempDir();
  try {
    const server = await startServer(
      {
        DATABASE_URL: join(dir.path, 'cluster.sqlite'),
        DATA_DIR: dir.path,
        WEB_DIR: writeWebFixture(dir.path),
        WEB_CONCURRENCY: '2',
        ...env,
      },
      PORTS,
    );
    await run(server, dir.path);
  } finally {
    killAllServers();
    await dir.drop();
  }
}

const waitFor = async (check: () => boolean, what: string, timeoutMs = 20_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('WEB_CONCURRENCY=2 (node:cluster)', () => {
  it('answers from two worker processes on one port, logging JSON lines with request ids', async () => {
    // The test's client is loopback: trusted as a proxy, its X-Request-Id is kept (request-log.ts).
    await withServer({ TRUST_PROXY: '127.0.0.1' }, async (server) => {
      const primary = server.child.pid;
      const listening = logLines(server).find((line) => /listening on http/.test(line.msg));
      expect(listening?.pid).toBe(primary);
      expect(listening?.msg).toMatch(/, 2 workers$/);
      expect(listening?.workers).toHaveLength(2);

      const ids = Array.from({ length: 8 }, (_, index) => `cluster-test-${index}`);
      for (const id of ids) {
        const answer = await getOnNewConnection(`${server.url}/api/health`, {
          'x-request-id': id,
        });
        expect(answer).toEqual({ status: 200, requestId: id });
      }
      // An id that is no plain token is replaced by a fresh one, which is echoed instead.
      const insane = await getOnNewConnection(`${server.url}/api/health`, {
        'x-request-id': 'two words',
      });
      expect(insane.requestId).toMatch(/^[0-9a-f-]{36}$/);

      await waitFor(
        () => logLines(server).filter((line) => line.reqId !== undefined).length === 9,
        'nine request lines',
      );
      const requests = logLines(server).filter((line) => line.reqId !== undefined);
      expect(requests.map((line) => line.reqId)).toEqual(
        expect.arrayContaining([...ids, insane.requestId]),
      );
      for (const line of requests) {
        expect(line).toMatchObject({ level: 'info', status: 200, msg: expect.any(String) });
        expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      }
      const servedBy = new Set(requests.map((line) => line.pid));
      expect([...servedBy].sort()).toEqual([...(listening?.workers ?? [])].sort());
      expect(servedBy.has(primary!)).toBe(false);
    });
  }, 60_000);

  it('replaces a worker that dies, and the port keeps answering', async () => {
    await withServer({}, async (server) => {
      const listening = logLines(server).find((line) => line.workers !== undefined);
      const [victim, survivor] = listening!.workers!;
      process.kill(victim!, 'SIGKILL');
      await server.waitForOutput(new RegExp(`worker ${victim} exited \\(signal SIGKILL\\)`));
      // One worker serves meanwhile.
      for (let round = 0; round < 4; round += 1) {
        expect((await getOnNewConnection(`${server.url}/api/health`)).status).toBe(200);
      }
      await waitFor(
        () => logLines(server).some((line) => /^worker \d+ listening$/.test(line.msg)),
        'the replacement to listen',
      );
      const replacement = Number(
        /^worker (\d+) listening$/.exec(
          logLines(server).find((line) => /^worker \d+ listening$/.test(line.msg))!.msg,
        )![1],
      );
      expect([victim, survivor]).not.toContain(replacement);
      for (let round = 0; round < 6; round += 1) {
        expect((await getOnNewConnection(`${server.url}/api/health`)).status).toBe(200);
      }
      await waitFor(
        () => logLines(server).some((line) => line.pid === replacement && line.reqId !== undefined),
        'a request answered by the replacement',
      );
    });
  }, 60_000);

  it('when the primary is killed (SIGKILL), its workers finish their requests in flight and exit', async () => {
    await withServer({ LOG_LEVEL: 'debug' }, async (server, dir) => {
      const primary = server.child.pid!;
      const workers = logLines(server).find((line) => line.workers !== undefined)!.workers!;
      expect(workers).toHaveLength(2);
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      // Lines that parse: the primary, killed, may have left half a line.
      const lines = () =>
        server
          .output()
          .split('\n')
          .flatMap((line) => {
            try {
              return [JSON.parse(line) as LogLine];
            } catch {
              return [];
            }
          });
      try {
        const response = signupHeldOpen(server, 'cluster-orphan@example.com', async () => {
          process.kill(primary, 'SIGKILL');
          // Each worker sees its primary gone and stops taking connections.
          await waitFor(
            () =>
              workers.every((pid) =>
                lines().some((line) => line.pid === pid && /primary is gone/.test(line.msg)),
              ),
            'both workers to notice the primary is gone',
          );
        });

        const answered = await response;
        expect(answered.status).toBe(201);
        expect(JSON.parse(answered.text).createdUser.email).toBe('cluster-orphan@example.com');
        await waitFor(() => !workers.some(alive), 'both workers to exit');
        for (const pid of workers) {
          expect(
            lines().some((line) => line.pid === pid && line.msg === 'closed'),
            `${pid}`,
          ).toBe(true);
        }
        // Every process closed its connection: SQLite removed the write-ahead log.
        expect(existsSync(join(dir, 'cluster.sqlite-wal'))).toBe(false);
      } finally {
        for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    });
  }, 60_000);

  it('on SIGTERM every worker finishes its request in flight, then the primary exits 0', async () => {
    await withServer({ LOG_LEVEL: 'debug' }, async (server, dir) => {
      const response = signupHeldOpen(server, 'cluster-in-flight@example.com', async () => {
        server.child.kill('SIGTERM');
        await server.waitForOutput(/every worker stopped accepting connections/);
        // No worker takes new connections while the old request is still open.
        await expect(callServer(server.url, 'GET', '/api/health')).rejects.toThrow();
      });

      const answered = await response;
      expect(answered.status).toBe(201);
      expect(JSON.parse(answered.text).createdUser.email).toBe('cluster-in-flight@example.com');
      const exit = await server.stop('SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      // Every process closed its connection: SQLite removed the write-ahead log.
      expect(existsSync(join(dir, 'cluster.sqlite-wal'))).toBe(false);
      const lines = logLines(server);
      expect(lines.some((line) => line.status === 201 && line.msg.startsWith('POST'))).toBe(true);
      // The primary's last line made it out before it exited.
      expect(lines.at(-1)).toMatchObject({ pid: server.child.pid, msg: 'closed' });
    });
  }, 60_000);
});
