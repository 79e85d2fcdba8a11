import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../testing/test-databases';
import { backupSqlite } from './sqlite-backup';

const dir = createTempDir();
afterAll(dir.drop);

/** A WAL database of some thousand pages, as the server keeps it. */
function sourceDatabase(name: string): string {
  const path = join(dir.path, name);
  const database = new BetterSqlite3(path);
  database.pragma('journal_mode = WAL');
  database.exec('create table rows (id integer primary key, text text not null)');
  const insert = database.prepare('insert into rows (text) values (?)');
  database.transaction(() => {
    for (let index = 0; index < 4_000; index += 1) insert.run(`row ${index} ${'x'.repeat(900)}`);
  })();
  database.close();
  return path;
}

const rowCount = (path: string) => {
  const database = new BetterSqlite3(path, { readonly: true });
  try {
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    return database.prepare('select count(*) as n from rows').get() as { n: number };
  } finally {
    database.close();
  }
};

describe('backupSqlite', () => {
  it('ends while another connection commits after every step, with the rows of its snapshot', async () => {
    const source = sourceDatabase('busy.sqlite');
    const writer = new BetterSqlite3(source);
    const insert = writer.prepare('insert into rows (text) values (?)');
    let steps = 0;
    try {
      await backupSqlite(source, join(dir.path, 'busy-backup.sqlite'), {
        afterStep: () => {
          steps += 1;
          // The sqlite3 shell's .backup (a few pages a step) starts over after each of these.
          if (steps > 20) throw new Error('the backup keeps starting over');
          insert.run('written during the backup');
        },
      });
    } finally {
      writer.close();
    }
    expect(steps).toBeLessThanOrEqual(3);
    const { n } = rowCount(join(dir.path, 'busy-backup.sqlite'));
    // The rows committed before its last start, never half of a later state.
    expect(n).toBeGreaterThanOrEqual(4_000);
    expect(n).toBeLessThanOrEqual(4_000 + steps);
  });

  it.each(['backup-api', 'vacuum-into'] as const)(
    'writes a whole copy (%s), readable by its owner only, replacing an older one',
    async (method) => {
      const source = sourceDatabase(`whole-${method}.sqlite`);
      const out = join(dir.path, `whole-${method}-backup.sqlite`);
      await backupSqlite(source, out, { method });
      await backupSqlite(source, out, { method });
      expect(rowCount(out).n).toBe(4_000);
      expect(statSync(out).mode & 0o777).toBe(0o600);
    },
  );

  it('keeps every file it creates private while the copy is under way (0600 files, 0700 folders)', async () => {
    const source = sourceDatabase('private.sqlite');
    const folder = join(dir.path, 'private-backups');
    mkdirSync(folder, { mode: 0o755 });
    /** Every path under the destination's folder with its permission bits. */
    const modes = (under: string): [string, number][] =>
      readdirSync(under, { withFileTypes: true }).flatMap((entry) => {
        const path = join(under, entry.name);
        const mode = statSync(path).mode & 0o777;
        return entry.isDirectory() ? [[path, mode], ...modes(path)] : [[path, mode]];
      });
    const seen: [string, number][] = [];
    await backupSqlite(source, join(folder, 'codetube.sqlite'), {
      afterStep: (remainingPages) => {
        if (remainingPages > 0) seen.push(...modes(folder));
      },
    });
    // Mid-copy there was a partial file, and no one but its owner could open it.
    expect(seen.length).toBeGreaterThan(0);
    for (const [path, mode] of seen)
      expect({ path, others: mode & 0o077 }).toEqual({ path, others: 0 });
    expect(modes(folder)).toEqual([[join(folder, 'codetube.sqlite'), 0o600]]);
  });

  it('refuses a database that is not there, creating nothing', async () => {
    await expect(
      backupSqlite(join(dir.path, 'missing.sqlite'), join(dir.path, 'x.sqlite')),
    ).rejects.toThrow(/missing\.sqlite does not exist/);
  });
});
