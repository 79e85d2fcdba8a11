import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3170, 3179] as const;

afterAll(killAllServers);

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones and closes the database', async () => {
    const dir = createTempDir();
    const databaseFile = join(dir.path, 'shutdown.sqlite');
    try {
      const server = await startServer(
        {
          DATABASE_URL: databaseFile,
          JWT_SECRET: 'graceful-shutdown-secret-of-32-chars-or-more',
          DATA_DIR: dir.path,
          WEB_DIR: writeWebFixture(dir.path),
          LOG_LEVEL: 'debug',
          // One process (no cluster); cluster.test.ts drains two workers the same way.
          WEB_CONCURRENCY: '1',
        },
        PORTS,
      );
      const body = JSON.stringify({
        firstName: 'In',
        lastName: 'Flight',
        email: 'in-flight@example.com',
        password: 'pw-in-flight',
      });
      // Send the headers and half the body; the server has the request in hand and waits.
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const pending = request(`${server.url}/api/auth/signup`, {
          method: 'POST',
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
          .then(() => {
            server.child.kill('SIGTERM');
            return server.waitForOutput(/SIGTERM received/);
          })
          .then(async () => {
            // New connections are refused while the old request is still open.
            await expect(callServer(server.url, 'GET', '/api/health')).rejects.toThrow();
            pending.end(body.slice(20));
          })
          .catch(reject);
      });

      const answered = await response;
      expect(answered.status).toBe(201);
      expect(JSON.parse(answered.text).createdUser.email).toBe('in-flight@example.com');
      const exit = await server.stop('SIGTERM');
      expect(exit.code).toBe(0);
      // SQLite removes the write-ahead log when the last connection closes cleanly.
      expect(existsSync(`${databaseFile}-wal`)).toBe(false);
      expect(server.output()).toMatch(/POST \/api\/auth\/signup 201/);
    } finally {
      killAllServers();
      await dir.drop();
    }
  }, 60_000);
});
