import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { seedVideos } from '../../api/seed/videos';
import { runCatalogueCli } from '../testing/catalogue-cli';
import { callServer, signUpOn } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS_A = [3190, 3194] as const;
const PORTS_B = [3195, 3199] as const;
const SECRET = 'signed-in-lists-test-secret-of-32-chars';
/** Reads per server and step: with two workers each, every worker reads (and keeps) twice. */
const READS = 4;

afterAll(killAllServers);

describe.each(['sqlite', 'postgres'] as const)(
  'two servers on one %s database, each keeping list answers',
  (dialect) => {
    it('answer every read with the writes and logouts made through the other', async () => {
      const dir = createTempDir();
      const postgres =
        dialect === 'postgres' ? await createPostgresDatabase(inject('postgresUrl')) : undefined;
      const env = {
        DATABASE_URL: postgres ? postgres.url : join(dir.path, 'lists.sqlite'),
        JWT_SECRET: SECRET,
        DATA_DIR: dir.path,
        WEB_DIR: writeWebFixture(dir.path),
      };
      try {
        // One after the other: the first migrates and seeds.
        const a = await startServer(env, PORTS_A);
        const b = await startServer(env, PORTS_B);
        const { token } = await signUpOn(a.url, 'lists');
        /** Every read of a list, on every worker of a server, answers `expected`. */
        const expectList = async (url: string, list: string, expected: unknown[]) => {
          for (let read = 0; read < READS; read++) {
            const answer = await callServer(url, 'GET', `/api/user/${list}`, { token });
            expect(answer.status).toBe(200);
            expect(answer.body[list]).toEqual(expected);
          }
        };
        const [first, second] = seedVideos as [(typeof seedVideos)[0], (typeof seedVideos)[0]];
        await expectList(a.url, 'likes', []);
        await expectList(b.url, 'likes', []);

        expect(
          (await callServer(a.url, 'POST', '/api/user/likes', { token, body: { video: first } }))
            .status,
        ).toBe(201);
        await expectList(b.url, 'likes', [first]);
        await expectList(a.url, 'likes', [first]);
        await callServer(b.url, 'DELETE', `/api/user/likes/${first._id}`, { token });
        await expectList(a.url, 'likes', []);

        await callServer(b.url, 'POST', '/api/user/watchlater', { token, body: { video: second } });
        await expectList(a.url, 'watchlater', [second]);
        await expectList(b.url, 'watchlater', [second]);

        // An operator's import elsewhere changes the video the list shows.
        await callServer(a.url, 'POST', '/api/user/likes', { token, body: { video: first } });
        await expectList(b.url, 'likes', [first]);
        const renamed = { ...first, title: `${first.title}, revised` };
        const imported = await runCatalogueCli(
          ['import', '-'],
          { DATABASE_URL: env.DATABASE_URL, DATA_DIR: dir.path },
          JSON.stringify(renamed),
        );
        expect(imported.code, imported.stderr).toBe(0);
        await expectList(a.url, 'likes', [renamed]);
        await expectList(b.url, 'likes', [renamed]);
        const removed = await runCatalogueCli(['remove', first._id], {
          DATABASE_URL: env.DATABASE_URL,
          DATA_DIR: dir.path,
        });
        expect(removed.code, removed.stderr).toBe(0);
        await expectList(b.url, 'likes', []);

        // Logged out through A: B's next read is refused, on every worker.
        expect((await callServer(a.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
        for (let read = 0; read < READS; read++) {
          const refused = await callServer(b.url, 'GET', '/api/user/watchlater', { token });
          expect(refused.status).toBe(401);
          expect(refused.body).toEqual({ errors: [apiErrors.invalidToken.message] });
        }

        // 'Log out everywhere' through B: A refuses a token it has kept answers for.
        const other = await signUpOn(b.url, 'everywhere');
        for (let read = 0; read < READS; read++) {
          const answer = await callServer(a.url, 'GET', '/api/user/history', {
            token: other.token,
          });
          expect(answer.status).toBe(200);
        }
        expect(
          (await callServer(b.url, 'POST', '/api/auth/logout-everywhere', { token: other.token }))
            .status,
        ).toBe(200);
        for (let read = 0; read < READS; read++) {
          const refused = await callServer(a.url, 'GET', '/api/user/history', {
            token: other.token,
          });
          expect(refused.status).toBe(401);
        }
      } finally {
        killAllServers();
        await postgres?.drop();
        await dir.drop();
      }
    }, 90_000);
  },
);
