import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { seedVideos } from '../../api/seed/videos';
import { callServer, signUpOn } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3110, 3119] as const;
const PORTS_SURVIVOR = [3120, 3129] as const;
const SECRET = 'durability-test-secret-of-32-chars-or-more';
/** Writes attempted in all; the server is killed once this many have been acknowledged. */
const ATTEMPTS = 240;
const KILL_AFTER = 120;
const CLIENTS = 8;

afterAll(killAllServers);

interface Outcome {
  acknowledgedNotes: string[];
  acknowledgedPlaylists: string[];
}

/**
 * CLIENTS concurrent clients write notes and playlists; when KILL_AFTER writes have been
 * acknowledged (201 received), the server gets SIGKILL while other writes are still in flight.
 */
async function writeUntilKilled(url: string, token: string, kill: () => void): Promise<Outcome> {
  const outcome: Outcome = { acknowledgedNotes: [], acknowledgedPlaylists: [] };
  let next = 0;
  let acknowledged = 0;
  const client = async () => {
    while (next < ATTEMPTS) {
      const index = next++;
      const isPlaylist = index % 4 === 0;
      const label = `${isPlaylist ? 'playlist' : 'note'}-${index}`;
      try {
        const result = isPlaylist
          ? await callServer(url, 'POST', '/api/user/playlists', {
              token,
              body: { playlist: { title: label } },
            })
          : await callServer(url, 'POST', `/api/user/notes/${seedVideos[index % 6]!._id}`, {
              token,
              body: { note: { content: label } },
            });
        if (result.status !== 201) throw new Error(`unexpected ${result.status}`);
        (isPlaylist ? outcome.acknowledgedPlaylists : outcome.acknowledgedNotes).push(label);
        acknowledged += 1;
        if (acknowledged === KILL_AFTER) kill();
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
        // The connection failed: the server is gone and this write was never acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return outcome;
}

const databases = [
  {
    name: 'SQLite',
    open: async (dir: string) => ({ url: join(dir, 'durable.sqlite'), drop: async () => {} }),
  },
  { name: 'PostgreSQL', open: async () => createPostgresDatabase(inject('postgresUrl')) },
];

describe.each(databases)('durability on $name', ({ name, open }) => {
  it('keeps every write acknowledged before the server process was SIGKILLed', async () => {
    const dir = createTempDir();
    const database = await open(dir.path);
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: SECRET,
      DATA_DIR: dir.path,
      WEB_DIR: writeWebFixture(dir.path),
    };
    try {
      const first = await startServer(env, PORTS);
      const { token } = await signUpOn(first.url, 'durable');
      const outcome = await writeUntilKilled(first.url, token, () => first.crash());
      const exit = await first.stop('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');

      const second = await startServer(env, PORTS);
      const notes = await callServer(second.url, 'GET', '/api/user/notes', { token });
      const playlists = await callServer(second.url, 'GET', '/api/user/playlists', { token });
      const foundNotes = new Set(notes.body.notes.map((note: { content: string }) => note.content));
      const foundPlaylists = new Set(
        playlists.body.playlists.map((playlist: { title: string }) => playlist.title),
      );
      const acknowledged = outcome.acknowledgedNotes.length + outcome.acknowledgedPlaylists.length;
      const found =
        outcome.acknowledgedNotes.filter((label) => foundNotes.has(label)).length +
        outcome.acknowledgedPlaylists.filter((label) => foundPlaylists.has(label)).length;
      console.log(
        `[durability ${name}] ${acknowledged} writes acknowledged before SIGKILL ` +
          `(${outcome.acknowledgedNotes.length} notes, ${outcome.acknowledgedPlaylists.length} ` +
          `playlists); ${found} of them found after restart; rows after restart: ` +
          `${foundNotes.size} notes, ${foundPlaylists.size} playlists`,
      );
      expect(acknowledged).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged).toBeLessThan(ATTEMPTS);
      expect(found).toBe(acknowledged);
      await second.stop('SIGTERM');
    } finally {
      await database.drop();
      await dir.drop();
    }
  }, 60_000);
});

describe('two processes on one PostgreSQL, one SIGKILLed under load', () => {
  it('loses no acknowledged write and the other keeps answering', async () => {
    const dir = createTempDir();
    const database = await createPostgresDatabase(inject('postgresUrl'));
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: SECRET,
      DATA_DIR: dir.path,
      WEB_DIR: writeWebFixture(dir.path),
    };
    try {
      const [doomed, survivor] = await Promise.all([
        startServer(env, PORTS),
        startServer(env, PORTS_SURVIVOR),
      ]);
      const { token } = await signUpOn(survivor!.url, 'two-process');
      const survivorWrites: string[] = [];
      const survivorFailures: string[] = [];
      let killed = false;
      // The survivor's clients write the whole time; their every write must succeed.
      const survivorLoad = (async () => {
        for (let index = 0; !killed || survivorWrites.length < 40; index += 1) {
          const label = `survivor-${index}`;
          const result = await callServer(
            survivor!.url,
            'POST',
            `/api/user/notes/${seedVideos[index % 6]!._id}`,
            { token, body: { note: { content: label } } },
          );
          if (result.status === 201) survivorWrites.push(label);
          else survivorFailures.push(`${result.status} ${JSON.stringify(result.body)}`);
        }
      })();
      const outcome = await writeUntilKilled(doomed!.url, token, () => {
        killed = true;
        doomed!.child.kill('SIGKILL');
      });
      await survivorLoad;
      expect((await doomed!.stop('SIGKILL')).signal).toBe('SIGKILL');

      const notes = await callServer(survivor!.url, 'GET', '/api/user/notes', { token });
      const playlists = await callServer(survivor!.url, 'GET', '/api/user/playlists', { token });
      const foundNotes = new Set(notes.body.notes.map((note: { content: string }) => note.content));
      const foundPlaylists = new Set(
        playlists.body.playlists.map((playlist: { title: string }) => playlist.title),
      );
      expect(survivorFailures).toEqual([]);
      expect(outcome.acknowledgedNotes.filter((label) => !foundNotes.has(label))).toEqual([]);
      expect(outcome.acknowledgedPlaylists.filter((label) => !foundPlaylists.has(label))).toEqual(
        [],
      );
      expect(survivorWrites.filter((label) => !foundNotes.has(label))).toEqual([]);
      await survivor!.stop('SIGTERM');
    } finally {
      killAllServers();
      await database.drop();
      await dir.drop();
    }
  }, 90_000);
});
