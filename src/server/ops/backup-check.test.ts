import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/open-database';
import { createTempDir } from '../testing/test-databases';
import { checkSqliteBackup } from './backup-check';
import { EXIT, runBackupCli } from './backup-cli';

const dir = createTempDir();
afterAll(dir.drop);

/** A database as the server makes it, changed by `tamper`. */
async function backup(name: string, tamper: (database: BetterSqlite3.Database) => void = () => {}) {
  const path = join(dir.path, name);
  const database = openDatabase({ dialect: 'sqlite', path });
  await migrateToLatest(database);
  await database.close();
  const raw = new BetterSqlite3(path);
  tamper(raw);
  raw.close();
  return path;
}

describe('checkSqliteBackup', () => {
  it('passes a backup whose schema is the migrations', async () => {
    expect(await checkSqliteBackup(await backup('clean.sqlite'))).toEqual([]);
  });

  it('names a trigger the migrations do not make, and an index that is missing', async () => {
    const path = await backup('tampered.sqlite', (database) => {
      const index = database
        .prepare("select name from sqlite_master where type = 'index' and sql is not null limit 1")
        .get() as { name: string };
      database.exec(`drop index "${index.name}"`);
      database.exec(
        "create trigger leak after insert on users begin update users set extras = '{}'; end",
      );
    });
    const problems = await checkSqliteBackup(path);
    expect(problems).toContainEqual('trigger leak: not made by the migrations');
    expect(problems.some((problem) => /^index .+: missing$/.test(problem))).toBe(true);
  });
});

describe('npm run backup -- --check', () => {
  it('exits 0 for a clean backup and 3 naming what differs for a tampered one', async () => {
    const run = async (file: string) => {
      const lines = { out: [] as string[], err: [] as string[] };
      const status = await runBackupCli(
        ['--check', file],
        { DATA_DIR: dir.path },
        {
          out: (text) => lines.out.push(text),
          err: (text) => lines.err.push(text),
        },
      );
      return { status, ...lines };
    };
    expect((await run(await backup('cli-clean.sqlite'))).status).toBe(EXIT.ok);
    const tampered = await run(
      await backup('cli-tampered.sqlite', (database) =>
        database.exec('create trigger leak after insert on users begin select 1; end'),
      ),
    );
    expect(tampered.status).toBe(EXIT.failure);
    expect(tampered.err).toContainEqual('backup check: trigger leak: not made by the migrations');
  });
});
