import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedVideos } from '../../api/seed/videos';
import { callServer, signUpOn } from '../testing/http-client';
import { runOpsCli } from '../testing/ops-cli';
import { killAllServers, startServer } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3522, 3523] as const;
const dir = createTempDir();
afterAll(async () => {
  killAllServers();
  await dir.drop();
});

const [first, second] = seedVideos as [(typeof seedVideos)[0], (typeof seedVideos)[0]];

/** A signed-in user's lists, as the app reads them. */
async function lists(url: string, token: string) {
  const read = async (list: string) => {
    const answer = await callServer(url, 'GET', `/api/user/${list}`, { token });
    expect(answer.status).toBe(200);
    return answer.body[list] as unknown;
  };
  return {
    likes: await read('likes'),
    watchlater: await read('watchlater'),
    playlists: await read('playlists'),
  };
}

describe("npm run backup, then the operators' guide's restore", () => {
  it('brings back the same lists, and a login token from before still works', async () => {
    // The server generates its JWT secret into its data folder (no JWT_SECRET).
    const live = join(dir.path, 'live');
    mkdirSync(live);
    const env = {
      DATA_DIR: live,
      WEB_DIR: writeWebFixture(dir.path),
      DATABASE_URL: join(live, 'codetube.sqlite'),
    };
    const server = await startServer(env, PORTS);
    const { token } = await signUpOn(server.url, 'backup');
    await callServer(server.url, 'POST', '/api/user/likes', { token, body: { video: first } });
    await callServer(server.url, 'POST', '/api/user/watchlater', {
      token,
      body: { video: second },
    });
    await callServer(server.url, 'POST', '/api/user/playlists', {
      token,
      body: { playlist: { title: 'Before the backup' } },
    });
    const before = await lists(server.url, token);

    // Online: the server keeps running (and writing) meanwhile.
    const backups = join(dir.path, 'backups');
    mkdirSync(backups);
    const writing = callServer(server.url, 'POST', '/api/user/playlists', {
      token,
      body: { playlist: { title: 'During the backup' } },
    });
    const backup = await runOpsCli('backup', ['--out', 'codetube.sqlite'], {
      ...env,
      INIT_CWD: backups,
    });
    await writing;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^backup: SQLite .*codetube\.sqlite copied to codetube\.sqlite \([\d.]+ MB in [\d.]+ s\)$/m,
    );
    expect(backup.stdout).toContain(
      'backup: the JWT secret copied to codetube.sqlite.jwt-secret (mode 0600)',
    );
    for (const file of ['codetube.sqlite', 'codetube.sqlite.jwt-secret']) {
      expect(statSync(join(backups, file)).mode & 0o777).toBe(0o600);
    }
    await server.stop('SIGTERM');

    // The machine is lost; the operators' guide's restore on a new one: the file, then the secret.
    const restored = join(dir.path, 'restored');
    mkdirSync(restored, { mode: 0o700 });
    copyFileSync(join(backups, 'codetube.sqlite'), join(restored, 'codetube.sqlite'));
    copyFileSync(join(backups, 'codetube.sqlite.jwt-secret'), join(restored, 'jwt-secret'));
    const again = await startServer(
      { ...env, DATA_DIR: restored, DATABASE_URL: join(restored, 'codetube.sqlite') },
      PORTS,
    );
    const after = await lists(again.url, token);
    expect(after.likes).toEqual(before.likes);
    expect(after.watchlater).toEqual(before.watchlater);
    // The playlist written during the backup is in it or not, whole either way.
    const titles = (after.playlists as { title: string }[]).map((playlist) => playlist.title);
    expect(titles.filter((title) => title !== 'During the backup')).toEqual(['Before the backup']);
  }, 60_000);
});

describe('npm run backup refuses', () => {
  const data = join(dir.path, 'refusals');
  mkdirSync(data, { recursive: true });
  const env = { DATA_DIR: data, DATABASE_URL: join(data, 'codetube.sqlite') };

  it('a missing --out, with the usage', async () => {
    const result = await runOpsCli('backup', [], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('backup: --out <file> is required');
    expect(result.stderr).toContain('Usage: npm run backup -- --out <file>');
  });

  it('an unknown --method', async () => {
    const result = await runOpsCli('backup', ['--out', 'x.sqlite', '--method', 'copy'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('backup: --method is backup-api or vacuum-into');
  });

  it('a folder that does not exist', async () => {
    const result = await runOpsCli('backup', ['--out', '/nonexistent/dir/x.sqlite'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('backup: --out: the folder /nonexistent/dir does not exist');
  });

  it('a database that is not there, creating none', async () => {
    const result = await runOpsCli('backup', ['--out', join(data, 'copy.sqlite')], env);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `backup: the database ${join(data, 'codetube.sqlite')} does not exist`,
    );
    expect(existsSync(join(data, 'codetube.sqlite'))).toBe(false);
    expect(existsSync(join(data, 'copy.sqlite'))).toBe(false);
  });

  it('PostgreSQL, printing the pg_dump and pg_restore commands instead', async () => {
    const result = await runOpsCli('backup', ['--out', 'codetube.dump'], {
      ...env,
      DATABASE_URL: 'postgres://codetube:hunter2pw@db.example:5432/codetube',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('pg_dump --format=custom --file=codetube.dump "$DATABASE_URL"');
    expect(result.stderr).toContain(
      'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" codetube.dump',
    );
    expect(result.stderr).not.toContain('hunter2pw');
    rmSync(join(data, 'codetube.dump'), { force: true });
  });
});
