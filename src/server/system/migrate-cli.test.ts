import { Migrator } from 'kysely';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFor } from '../db/migrations';
import { openDatabase } from '../db/open-database';
import { runOpsCli } from '../testing/ops-cli';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';

const dir = createTempDir();
afterAll(dir.drop);

const migrationNames = Object.keys(await migrationsFor('sqlite').getMigrations());

describe('npm run migrate', () => {
  it('--status refuses a SQLite file that is not there, creating none', async () => {
    const path = join(dir.path, 'missing.sqlite');
    const result = await runOpsCli('migrate', ['--status'], {
      DATABASE_URL: path,
      DATA_DIR: dir.path,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `migrate: cannot open the database (SQLite ${path}): the file does not exist`,
    );
    expect(existsSync(path)).toBe(false);
  });

  it('lists applied and pending migrations, applies the pending ones with one line each, then is up to date', async () => {
    const path = join(dir.path, 'upgrade.sqlite');
    // A database of an older release: its first six migrations applied.
    const old = openDatabase({ dialect: 'sqlite', path });
    const { error } = await new Migrator({
      db: old.db,
      provider: migrationsFor('sqlite'),
    }).migrateTo(migrationNames[5]!);
    await old.close();
    expect(error).toBeUndefined();
    const env = { DATABASE_URL: path, DATA_DIR: dir.path };

    const status = await runOpsCli('migrate', ['--status'], env);
    expect(status.stderr).toBe('');
    expect(status.code).toBe(1);
    const lines = status.stdout.trim().split('\n');
    expect(lines).toHaveLength(migrationNames.length + 1);
    expect(lines[0]).toMatch(/^applied {2}0001-initial-schema {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(lines[6]).toBe(`pending  ${migrationNames[6]}`);
    expect(lines.at(-1)).toBe(`SQLite ${path}: 6 applied, ${migrationNames.length - 6} pending`);

    const applied = await runOpsCli('migrate', [], env);
    expect(applied.code).toBe(0);
    const appliedLines = applied.stdout.trim().split('\n');
    expect(appliedLines.slice(0, -1)).toEqual(
      migrationNames
        .slice(6)
        .map((name) => expect.stringMatching(new RegExp(`^migration ${name} applied in \\d+ ms$`))),
    );
    expect(appliedLines.at(-1)).toBe(
      `SQLite ${path}: ${migrationNames.length - 6} migrations applied`,
    );

    const after = await runOpsCli('migrate', ['--status'], env);
    expect(after.code).toBe(0);
    expect(after.stdout).not.toContain('pending  ');
    expect(after.stdout.trim().split('\n').at(-1)).toBe(
      `SQLite ${path}: ${migrationNames.length} applied, 0 pending`,
    );
    expect((await runOpsCli('migrate', [], env)).stdout).toContain(
      'up to date, no migration pending',
    );
  }, 60_000);

  it('reads a PostgreSQL database the same way, never naming its password', async () => {
    const database = await createPostgresDatabase(inject('postgresUrl'));
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: dir.path };
      const fresh = await runOpsCli('migrate', ['--status'], env);
      expect(fresh.code).toBe(1);
      expect(fresh.stdout).toContain(`pending  ${migrationNames[0]}`);
      expect((await runOpsCli('migrate', [], env)).code).toBe(0);
      const after = await runOpsCli('migrate', ['--status'], env);
      expect(after.code).toBe(0);
      expect(after.stdout.trim().split('\n').at(-1)).toMatch(
        new RegExp(`^PostgreSQL [^ ]+: ${migrationNames.length} applied, 0 pending$`),
      );
      const password = new URL(database.url).password;
      if (password) expect(after.stdout).not.toContain(password);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('refuses an unknown option, with the usage', async () => {
    const result = await runOpsCli('migrate', ['--stats'], { DATA_DIR: dir.path });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run migrate [-- --status]');
  });
});
