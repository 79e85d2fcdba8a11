import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { seedCategories, seedTodos } from '../../api/seed/seed-data';
import { seedVideos } from '../../api/seed/videos';
import { openDatabase } from '../db/open-database';
import type { DatabaseLocation } from '../db/dialect';
import { SECRET_FILE } from '../secret';
import { callServer, signUpOn } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3150, 3169] as const;

afterAll(killAllServers);

async function catalogueRowCount(location: DatabaseLocation): Promise<number> {
  const { db, close } = openDatabase(location);
  try {
    const row = await db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await close();
  }
}

describe.each(['sqlite', 'postgres'] as const)('restart on %s', (dialect) => {
  it('keeps a user, their lists and notes, reuses the generated secret, seeds only once', async () => {
    const dir = createTempDir();
    const postgres =
      dialect === 'postgres' ? await createPostgresDatabase(inject('postgresUrl')) : undefined;
    const location: DatabaseLocation = postgres
      ? { dialect: 'postgres', url: postgres.url }
      : { dialect: 'sqlite', path: join(dir.path, 'codetube.sqlite') };
    // No DATABASE_URL for SQLite: the default file in the data folder. No JWT_SECRET: generated.
    const env: Record<string, string> = { DATA_DIR: dir.path, WEB_DIR: writeWebFixture(dir.path) };
    if (postgres) env.DATABASE_URL = postgres.url;
    try {
      const first = await startServer(env, PORTS);
      const { token, credentials } = await signUpOn(first.url, 'restart');
      const [a, b, c] = seedVideos;
      await callServer(first.url, 'POST', '/api/user/likes', { token, body: { video: a } });
      await callServer(first.url, 'POST', '/api/user/history', { token, body: { video: b } });
      await callServer(first.url, 'POST', '/api/user/history', { token, body: { video: a } });
      await callServer(first.url, 'POST', '/api/user/watchlater', { token, body: { video: c } });
      const created = await callServer(first.url, 'POST', '/api/user/playlists', {
        token,
        body: { playlist: { title: 'Keep me' } },
      });
      const playlistId = created.body.playlists[0]._id as string;
      await callServer(first.url, 'POST', `/api/user/playlists/${playlistId}`, {
        token,
        body: { video: c },
      });
      await callServer(first.url, 'POST', `/api/user/notes/${a!._id}`, {
        token,
        body: { note: { content: 'Remember this' } },
      });
      const before = {
        likes: (await callServer(first.url, 'GET', '/api/user/likes', { token })).body,
        history: (await callServer(first.url, 'GET', '/api/user/history', { token })).body,
        watchlater: (await callServer(first.url, 'GET', '/api/user/watchlater', { token })).body,
        playlists: (await callServer(first.url, 'GET', '/api/user/playlists', { token })).body,
        notes: (await callServer(first.url, 'GET', '/api/user/notes', { token })).body,
      };
      expect((await first.stop('SIGTERM')).code).toBe(0);

      const secretFile = statSync(join(dir.path, SECRET_FILE));
      expect(secretFile.mode & 0o777).toBe(0o600);

      const second = await startServer(env, PORTS);
      // The token signed before the restart still verifies: the same secret was read back.
      expect((await callServer(second.url, 'GET', '/api/user/likes', { token })).body).toEqual(
        before.likes,
      );
      expect((await callServer(second.url, 'GET', '/api/user/history', { token })).body).toEqual(
        before.history,
      );
      expect((await callServer(second.url, 'GET', '/api/user/watchlater', { token })).body).toEqual(
        before.watchlater,
      );
      expect((await callServer(second.url, 'GET', '/api/user/playlists', { token })).body).toEqual(
        before.playlists,
      );
      expect((await callServer(second.url, 'GET', '/api/user/notes', { token })).body).toEqual(
        before.notes,
      );
      // Each entry is the video and when it was watched.
      expect(before.history.history).toEqual([
        { ...b, watchedAt: expect.any(String) },
        { ...a, watchedAt: expect.any(String) },
      ]);
      expect(before.playlists.playlists[0].videos).toEqual([c]);

      const login = await callServer(second.url, 'POST', '/api/auth/login', {
        body: { email: credentials.email, password: credentials.password },
      });
      expect(login.status).toBe(200);
      expect((await callServer(second.url, 'GET', '/api/videos')).body.videos).toEqual(seedVideos);
      expect((await callServer(second.url, 'GET', '/api/categories')).body.categories).toEqual(
        seedCategories,
      );
      const todos = (await callServer(second.url, 'GET', '/api/test-todos')).body.todos;
      expect(todos.map((todo: { title: string }) => todo.title)).toEqual(
        seedTodos.map((todo) => todo.title),
      );
      await second.stop('SIGTERM');
      expect(await catalogueRowCount(location)).toBe(seedVideos.length);
    } finally {
      killAllServers();
      await postgres?.drop();
      await dir.drop();
    }
  }, 60_000);
});
