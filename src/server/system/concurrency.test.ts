import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { seedVideos } from '../../api/seed/videos';
import type { DatabaseLocation } from '../db/dialect';
import { countUserRows } from '../testing/count-rows';
import { callServer, signUpOn } from '../testing/http-client';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3130, 3139] as const;
const PORTS_A = [3140, 3144] as const;
const PORTS_B = [3145, 3149] as const;
const SECRET = 'concurrency-test-secret-of-32-chars-or-more';
const IDENTICAL_REQUESTS = 50;

afterAll(killAllServers);

/** Fires `count` identical likes at once, spread over the given servers; returns the statuses. */
async function likeAtOnce(servers: ServerProcess[], token: string, videoId: string, count = 50) {
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      callServer(servers[index % servers.length]!.url, 'POST', '/api/user/likes', {
        token,
        body: { video: { _id: videoId } },
      }),
    ),
  );
  const tally = new Map<number, number>();
  for (const { status } of results) tally.set(status, (tally.get(status) ?? 0) + 1);
  return tally;
}

const describeTally = (tally: Map<number, number>) =>
  [...tally]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');

async function inFreshDatabase(
  dialect: 'sqlite' | 'postgres',
  run: (env: Record<string, string>, location: DatabaseLocation) => Promise<void>,
) {
  const dir = createTempDir();
  const postgres =
    dialect === 'postgres' ? await createPostgresDatabase(inject('postgresUrl')) : undefined;
  const location: DatabaseLocation = postgres
    ? { dialect: 'postgres', url: postgres.url }
    : { dialect: 'sqlite', path: join(dir.path, 'concurrency.sqlite') };
  const env = {
    DATABASE_URL: postgres ? postgres.url : join(dir.path, 'concurrency.sqlite'),
    JWT_SECRET: SECRET,
    DATA_DIR: dir.path,
    WEB_DIR: writeWebFixture(dir.path),
  };
  try {
    await run(env, location);
  } finally {
    killAllServers();
    await postgres?.drop();
    await dir.drop();
  }
}

describe.each(['sqlite', 'postgres'] as const)('concurrency on %s', (dialect) => {
  it(`answers ${IDENTICAL_REQUESTS} simultaneous identical likes with one 201 and 409s, one row`, async () => {
    await inFreshDatabase(dialect, async (env, location) => {
      const server = await startServer(env, PORTS);
      const { token, credentials } = await signUpOn(server.url, 'racer');
      const tally = await likeAtOnce([server], token, seedVideos[0]!._id, IDENTICAL_REQUESTS);
      const rows = await countUserRows(location, 'likes', credentials.email);
      console.log(
        `[concurrency ${dialect}] ${IDENTICAL_REQUESTS} simultaneous identical likes → ` +
          `${describeTally(tally)}; ${rows} row`,
      );
      expect(tally.get(201)).toBe(1);
      expect(tally.get(409)).toBe(IDENTICAL_REQUESTS - 1);
      expect(rows).toBe(1);
      const likes = await callServer(server.url, 'GET', '/api/user/likes', { token });
      expect(likes.body.likes).toEqual([seedVideos[0]]);
    });
  }, 60_000);
});

describe('two server processes on one PostgreSQL', () => {
  it('serve interleaved requests of one user and lose nothing', async () => {
    await inFreshDatabase('postgres', async (env, location) => {
      // Both start at once on the empty database: one migrates while the other waits for
      // Kysely's migration lock, and exactly one of them seeds (SqlStore.seed claims it).
      const servers = await Promise.all([startServer(env, PORTS_A), startServer(env, PORTS_B)]);
      for (const server of servers) {
        const videos = await callServer(server.url, 'GET', '/api/videos');
        expect(videos.body.videos).toEqual(seedVideos);
      }
      const { token, credentials } = await signUpOn(servers[0]!.url, 'shared');

      const notes = Array.from({ length: 40 }, (_, index) => `note-${index}`);
      const playlists = Array.from({ length: 12 }, (_, index) => `playlist-${index}`);
      const requests = [
        ...notes.map(
          (content, index) => () =>
            callServer(
              servers[index % 2]!.url,
              'POST',
              `/api/user/notes/${seedVideos[index % 6]!._id}`,
              {
                token,
                body: { note: { content } },
              },
            ),
        ),
        ...playlists.map(
          (title, index) => () =>
            callServer(servers[(index + 1) % 2]!.url, 'POST', '/api/user/playlists', {
              token,
              body: { playlist: { title } },
            }),
        ),
        ...seedVideos.map(
          (video, index) => () =>
            callServer(servers[index % 2]!.url, 'POST', '/api/user/watchlater', {
              token,
              body: { video },
            }),
        ),
      ];
      const results = await Promise.all(requests.map((send) => send()));
      expect(results.every((result) => result.status === 201)).toBe(true);

      for (const server of servers) {
        const readNotes = await callServer(server.url, 'GET', '/api/user/notes', { token });
        expect(
          readNotes.body.notes.map((note: { content: string }) => note.content).sort(),
        ).toEqual([...notes].sort());
        const readPlaylists = await callServer(server.url, 'GET', '/api/user/playlists', { token });
        expect(
          readPlaylists.body.playlists.map((playlist: { title: string }) => playlist.title).sort(),
        ).toEqual([...playlists].sort());
        const watchLater = await callServer(server.url, 'GET', '/api/user/watchlater', { token });
        expect(watchLater.body.watchlater).toHaveLength(seedVideos.length);
      }

      const tally = await likeAtOnce(servers, token, seedVideos[1]!._id, IDENTICAL_REQUESTS);
      const likeRows = await countUserRows(location, 'likes', credentials.email);
      const noteRows = await countUserRows(location, 'notes', credentials.email);
      console.log(
        `[two processes on PostgreSQL] ${requests.length} interleaved writes → all 201, ` +
          `${noteRows} notes and ${playlists.length} playlists read back from both; ` +
          `${IDENTICAL_REQUESTS} identical likes over both → ${describeTally(tally)}; ${likeRows} row`,
      );
      expect(noteRows).toBe(notes.length);
      expect(tally.get(201)).toBe(1);
      expect(tally.get(409)).toBe(IDENTICAL_REQUESTS - 1);
      expect(likeRows).toBe(1);
    });
  }, 60_000);
});
