import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../contract/limits';
import { parseConfig } from './config';
import { SqlStore } from './db/sql-store';
import type { Logger } from './logger';
import { prepareOnce } from './serve';

/** The seed users, whose passwords are in src/api/seed/seed-data.ts. */
const PUBLISHED_ACCOUNTS = [TEST_ACCOUNT.email, 'ada@codetube.dev'];

/** A logger that keeps its lines. */
function keptLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => lines.push({ level, message });
  const log = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
  } as unknown as Logger;
  return { log, lines };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Prepares a SQLite database in `dir` (made once) as the server would, and lists its users. */
async function prepare(dir: string, env: Record<string, string>) {
  const config = parseConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(64), ...env });
  const { log, lines } = keptLog();
  const database = await prepareOnce(config, log);
  const store = new SqlStore(database);
  const present = await Promise.all(
    PUBLISHED_ACCOUNTS.map(async (email) => (await store.findUserByEmail(email)) !== undefined),
  );
  await database.close();
  return { lines, present };
}

describe('accounts with published passwords', () => {
  it('are not created in production (DEMO_ACCOUNT off) and an older database warns, naming them', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'codetube-published-'));
    folders.push(fresh);
    const production = await prepare(fresh, { NODE_ENV: 'production' });
    expect(production.present).toEqual([false, false]);
    expect(production.lines.filter((line) => line.level === 'warn')).toEqual([]);

    // A database created in development keeps them; started later in production, it warns.
    const older = mkdtempSync(join(tmpdir(), 'codetube-published-'));
    folders.push(older);
    expect((await prepare(older, { NODE_ENV: 'development' })).present).toEqual([true, true]);
    const restarted = await prepare(older, { NODE_ENV: 'production' });
    const warnings = restarted.lines.filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.message)).toEqual(
      PUBLISHED_ACCOUNTS.map((email) => expect.stringContaining(`${email}`) as unknown as string),
    );
    for (const [index, email] of PUBLISHED_ACCOUNTS.entries())
      expect(warnings[index]!.message).toContain(`npm run users -- delete ${email}`);
  });
});

describe('SIGNUP_EMAIL_DOMAINS', () => {
  it('warns at start that, without mail verification, the domains are not an access control', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codetube-domains-'));
    folders.push(dir);
    const open = await prepare(dir, { NODE_ENV: 'production' });
    expect(open.lines.filter((line) => line.level === 'warn')).toEqual([]);
    const limited = await prepare(dir, {
      NODE_ENV: 'production',
      SIGNUP_EMAIL_DOMAINS: 'school.example',
    });
    const warnings = limited.lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('SIGNUP_EMAIL_DOMAINS');
    expect(warnings[0]!.message).toContain('not an access control');
    expect(warnings[0]!.message).toContain('school.example');
    // Closed signups admit no one: nothing to warn of.
    const closed = await prepare(dir, {
      NODE_ENV: 'production',
      SIGNUP: 'closed',
      SIGNUP_EMAIL_DOMAINS: 'school.example',
    });
    expect(closed.lines.filter((line) => line.level === 'warn')).toEqual([]);
  });
});
