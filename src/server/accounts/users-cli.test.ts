import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { createHarness, seedVideo } from '../../api/testing/api-harness';
import type { OpenedStore } from '../../api/testing/api-suite';
import { builtServerFile } from '../testing/built-server';
import type { OpenDatabase } from '../db/open-database';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { createTempDir } from '../testing/test-databases';
import { EXIT, runUsersCli } from './users-cli';

const projectRoot = resolve(import.meta.dirname, '../../..');

/** Runs the CLI in this process on the database `env` names, collecting what it prints. */
async function users(args: string[], env: Record<string, string>, stdin?: string) {
  let stdout = '';
  let stderr = '';
  const code = await runUsersCli(args, env, {
    out: (text) => (stdout += `${text}\n`),
    err: (text) => (stderr += `${text}\n`),
    readStdin: async () => stdin,
  });
  return { code, stdout, stderr };
}

type Opened = OpenedStore & { env: Record<string, string>; database: OpenDatabase };

function describeUsersCli(name: string, open: () => Promise<Opened>) {
  describe(`npm run users on ${name}`, () => {
    let opened: Opened;
    let h: Awaited<ReturnType<typeof createHarness>>;
    beforeAll(async () => {
      opened = await open();
      h = await createHarness(opened.store, { counters: opened.counters });
    });
    afterAll(async () => {
      await opened?.close();
    });

    /** A user with something in every list, and their token. */
    async function userWithData() {
      const { token, payload, user } = await h.signUp({ firstName: 'Cli', lastName: 'User' });
      const video = { _id: seedVideo(0)._id };
      await h.call('POST', '/api/user/likes', { body: { video }, token });
      await h.call('POST', '/api/user/history', { body: { video }, token });
      await h.call('POST', '/api/user/watchlater', { body: { video }, token });
      await h.call('POST', '/api/user/playlists', { body: { playlist: { title: 'Mine' } }, token });
      await h.call('POST', `/api/user/notes/${video._id}`, {
        body: { note: { content: 'A note', time: 3 } },
        token,
      });
      await h.call('POST', `/api/user/progress/${video._id}`, {
        body: { seconds: 30, duration: 600 },
        token,
      });
      return { token, email: payload.email as string, password: payload.password as string, user };
    }

    const logIn = (email: string, password: string) =>
      h.call('POST', '/api/auth/login', { body: { email, password } });

    it('list: one line per user, oldest first, with their state', async () => {
      const { email } = await userWithData();
      const listed = await users(['list'], opened.env);
      expect(listed.code, listed.stderr).toBe(EXIT.ok);
      const lines = listed.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^email\tname\tcreated\tstate$/);
      expect(lines.some((line) => line.startsWith(`${email}\tCli User\t`))).toBe(true);
      expect(lines.find((line) => line.startsWith(email))).toMatch(/\tactive$/);
    });

    it('disable: their sessions end and login is refused with a clear message; enable undoes it', async () => {
      const { token, email, password } = await userWithData();
      const disabled = await users(['disable', email], opened.env);
      expect(disabled.code, disabled.stderr).toBe(EXIT.ok);
      expect(disabled.stdout).toContain(`disabled ${email}`);
      expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(401);
      const refused = await logIn(email, password);
      expect({ status: refused.status, ...refused.body }).toEqual({
        status: 403,
        errors: [apiErrors.accountDisabled.message],
      });
      // A wrong password says nothing of the account's state.
      expect((await logIn(email, 'not-the-password')).status).toBe(401);
      expect((await users(['list'], opened.env)).stdout).toMatch(
        new RegExp(`${email.replace(/[.+]/g, '\\$&')}\\t.*\\tdisabled\\n`),
      );
      const enabled = await users(['enable', email], opened.env);
      expect(enabled.code, enabled.stderr).toBe(EXIT.ok);
      expect((await logIn(email, password)).status).toBe(200);
    });

    it('reset-password: reads the new password from stdin; old sessions and password stop working', async () => {
      const { token, email, password } = await userWithData();
      const reset = await users(['reset-password', email], opened.env, 'a-brand-new-secret\n');
      expect(reset.code, reset.stderr).toBe(EXIT.ok);
      expect(reset.stdout).not.toContain('a-brand-new-secret');
      expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(401);
      expect((await logIn(email, password)).status).toBe(401);
      expect((await logIn(email, 'a-brand-new-secret')).status).toBe(200);
    });

    it('reset-password --generate: prints a generated password that works', async () => {
      const { email } = await userWithData();
      const reset = await users(['reset-password', email, '--generate'], opened.env);
      expect(reset.code, reset.stderr).toBe(EXIT.ok);
      const generated = reset.stdout.trim();
      expect(generated.length).toBeGreaterThanOrEqual(16);
      expect((await logIn(email, generated)).status).toBe(200);
    });

    it('reset-password refuses a weak or missing password, and never takes one on the command line', async () => {
      const { email, password } = await userWithData();
      const weak = await users(['reset-password', email], opened.env, 'password\n');
      expect(weak.code).toBe(EXIT.refused);
      expect(weak.stderr).toContain('password is one of the 10,000 most common passwords');
      const none = await users(['reset-password', email], opened.env, '');
      expect(none.code).toBe(EXIT.usage);
      expect(none.stderr).toContain('standard input');
      const argv = await users(['reset-password', email, 'on-the-command-line'], opened.env);
      expect(argv.code).toBe(EXIT.usage);
      expect((await logIn(email, password)).status).toBe(200);
    });

    it('export: prints JSON of all their data', async () => {
      const { email, user } = await userWithData();
      const exported = await users(['export', email], opened.env);
      expect(exported.code, exported.stderr).toBe(EXIT.ok);
      const data = JSON.parse(exported.stdout);
      expect(data.profile).toMatchObject({ _id: user._id, email, firstName: 'Cli' });
      expect(data.profile.passwordHash).toBeUndefined();
      expect(data.likes.map((video: { _id: string }) => video._id)).toEqual([seedVideo(0)._id]);
      expect(data.history).toHaveLength(1);
      expect(data.watchLater).toHaveLength(1);
      expect(data.playlists).toMatchObject([{ title: 'Mine', videos: [] }]);
      expect(data.notes).toMatchObject([{ content: 'A note', time: 3 }]);
      expect(data.progress).toMatchObject([{ videoId: seedVideo(0)._id, seconds: 30 }]);
    });

    it('delete: the user and all their data go; their token and login stop working', async () => {
      const { token, email, password, user } = await userWithData();
      const deleted = await users(['delete', email], opened.env);
      expect(deleted.code, deleted.stderr).toBe(EXIT.ok);
      expect(await opened.store.findUserByEmail(email)).toBeUndefined();
      expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(404);
      expect((await logIn(email, password)).status).toBe(404);
      expect(await opened.store.listNotes(user._id).catch(() => [])).toEqual([]);
      expect(await opened.store.listPlaylists(user._id).catch(() => [])).toEqual([]);
      // The address can sign up again, from nothing.
      const again = await h.signUp({ email });
      expect(await opened.store.listVideosIn(again.user._id, 'likes')).toEqual([]);
    });

    it('delete: forgets the login limiter rows of the user, as the API’s account deletion does', async () => {
      const { token, email, password, user } = await userWithData();
      // A known address, failures counted on the account and on its address, a password check.
      expect((await logIn(email, password)).status).toBe(200);
      expect((await logIn(email, 'not-the-password-1')).status).toBe(401);
      const check = await h.call('POST', '/api/user/password', {
        body: { currentPassword: 'not-the-password-2', newPassword: 'a-new-password-3' },
        token,
      });
      expect(check.status).toBe(403);
      const rows = async () =>
        Number(
          (
            await sql<{ count: number | string }>`select count(*) as count from rate_limits
              where key like ${`%${email}%`} or key like ${`%${user._id}%`}`.execute(
              opened.database.db,
            )
          ).rows[0]!.count,
        );
      expect(await rows()).toBeGreaterThanOrEqual(3);
      const deleted = await users(['delete', email], opened.env);
      expect(deleted.code, deleted.stderr).toBe(EXIT.ok);
      expect(await rows()).toBe(0);
    });

    it('answers an unknown email with exit 1 and a clear message, and bad usage with exit 2', async () => {
      for (const command of ['reset-password', 'disable', 'enable', 'delete', 'export']) {
        const run = await users([command, 'nobody@nowhere.example'], opened.env, 'x-y-z-w-v-u\n');
        expect(run.code, command).toBe(EXIT.refused);
        expect(run.stderr).toContain('no user has the email nobody@nowhere.example');
      }
      expect((await users([], opened.env)).code).toBe(EXIT.usage);
      expect((await users(['frobnicate'], opened.env)).code).toBe(EXIT.usage);
      expect((await users(['disable'], opened.env)).code).toBe(EXIT.usage);
      expect((await users(['list', 'extra'], opened.env)).code).toBe(EXIT.usage);
      expect((await users(['disable', 'a@b.example', 'c@d.example'], opened.env)).code).toBe(
        EXIT.usage,
      );
      const help = await users(['--help'], opened.env);
      expect(help.code).toBe(EXIT.ok);
      expect(help.stdout).toContain('reset-password');
    });

    it('takes the email in any case, with blanks around it', async () => {
      const { email } = await userWithData();
      const run = await users(['disable', `  ${email.toUpperCase()} `], opened.env);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect((await opened.store.findUserByEmail(email))?.disabled).toBe(true);
    });
  });
}

describeUsersCli('SQLite', async () => {
  const opened = await openSqliteTestStore();
  const { driver } = opened.database;
  if (driver.dialect !== 'sqlite') throw new Error('a SQLite store was asked for');
  return { ...opened, env: { DATABASE_URL: driver.path } };
});

describeUsersCli('PostgreSQL', async () => {
  const opened = await openPostgresTestStore(inject('postgresUrl'));
  return { ...opened, env: { DATABASE_URL: opened.url } };
});

describe('npm run users, compiled (dist/server/users.mjs)', () => {
  const dir = createTempDir();
  afterAll(dir.drop);

  it('runs as the operators run it, with the configuration refused as the server refuses it', () => {
    const env = { ...process.env, DATABASE_URL: join(dir.path, 'users.sqlite'), DATA_DIR: '' };
    const run = (args: string[], extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, [builtServerFile('users.mjs'), ...args], {
        cwd: projectRoot,
        env: { ...env, ...extra },
        encoding: 'utf8',
      });
    const listed = run(['list']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n')[0]).toBe('email\tname\tcreated\tstate');
    const bad = run(['list'], { DATABASE_URL: 'mysql://nowhere' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('DATABASE_URL:');
    // Two processes started: seconds each on a loaded machine.
  }, 30_000);
});
