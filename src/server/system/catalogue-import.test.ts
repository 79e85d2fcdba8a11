import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { runCatalogueCli } from '../testing/catalogue-cli';
import { callServer, signUpOn } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3180, 3189] as const;

afterAll(killAllServers);

const video: Video = {
  _id: 'imported-live-1',
  title: 'Imported while the server runs',
  channelName: 'Operators',
  views: 7,
  uploadedOn: '2024-03-04',
  avatar: 'https://example.com/op.png',
  description: 'Loaded with npm run catalogue',
  categoryName: 'HTML',
};

describe.each(['sqlite', 'postgres'] as const)(
  'catalogue CLI beside a running server on %s',
  (dialect) => {
    it('serves an imported video without a restart, and a removed one is gone with its list entries', async () => {
      const dir = createTempDir();
      const postgres =
        dialect === 'postgres' ? await createPostgresDatabase(inject('postgresUrl')) : undefined;
      const env: Record<string, string> = {
        DATA_DIR: dir.path,
        DATABASE_URL: postgres?.url ?? join(dir.path, 'codetube.sqlite'),
      };
      try {
        const server = await startServer({ ...env, WEB_DIR: writeWebFixture(dir.path) }, PORTS);
        // Read it once first, so a cache of the catalogue (if any) is warm.
        expect((await callServer(server.url, 'GET', `/api/video/${video._id}`)).status).toBe(404);
        const before = (await callServer(server.url, 'GET', '/api/videos')).body.videos as Video[];

        const file = join(dir.path, 'one.jsonl');
        writeFileSync(file, `${JSON.stringify(video)}\n`);
        const run = await runCatalogueCli(['import', file], env);
        expect(run.stderr).toBe('');
        expect(run.stdout).toContain('videos: added 1, updated 0, unchanged 0, rejected 0');

        const served = await callServer(server.url, 'GET', `/api/video/${video._id}`);
        expect(served.status).toBe(200);
        expect(served.body.video).toEqual(video);
        expect((await callServer(server.url, 'GET', '/api/videos')).body.videos).toEqual([
          ...before,
          video,
        ]);

        const { token } = await signUpOn(server.url, 'catalogue');
        const liked = await callServer(server.url, 'POST', '/api/user/likes', {
          token,
          body: { video },
        });
        expect(liked.status).toBe(201);
        const removed = await runCatalogueCli(['remove', video._id], env);
        expect(removed.stdout).toBe('removed 1 video\n');
        expect((await callServer(server.url, 'GET', `/api/video/${video._id}`)).status).toBe(404);
        expect(
          (await callServer(server.url, 'GET', '/api/user/likes', { token })).body.likes,
        ).toEqual([]);
        await server.stop('SIGTERM');
      } finally {
        killAllServers();
        await postgres?.drop();
        await dir.drop();
      }
    }, 60_000);
  },
);

describe('the catalogue CLI', () => {
  it('refuses a database file in a folder that does not exist, creating nothing', async () => {
    const dir = createTempDir();
    try {
      const missing = join(dir.path, 'nonexistent/dir');
      const refused = await runCatalogueCli(['export'], {
        DATABASE_URL: join(missing, 'x.sqlite'),
      });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(
        `cannot open the database (SQLite ${missing}/x.sqlite): the folder ${missing} does not exist: create it, or correct DATABASE_URL`,
      );
      expect(existsSync(join(dir.path, 'nonexistent'))).toBe(false);
    } finally {
      await dir.drop();
    }
  }, 60_000);
});
