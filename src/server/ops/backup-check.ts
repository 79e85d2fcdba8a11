import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../db/open-database';

/** A schema object of a SQLite file: its kind, name and the SQL that made it. */
type SchemaObject = { type: string; name: string; sql: string | null };

const SCHEMA_QUERY =
  "select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name";

const readSchema = (database: BetterSqlite3.Database) =>
  new Map(
    (database.prepare(SCHEMA_QUERY).all() as SchemaObject[]).map((object) => [
      `${object.type} ${object.name}`,
      object.sql?.replace(/\s+/g, ' ').trim() ?? null,
    ]),
  );

/**
 * What is wrong with a SQLite backup before it is restored: `PRAGMA integrity_check`'s findings,
 * and every table, index, trigger or view that differs from what the migrations make (one the
 * migrations do not make, one missing, or one made otherwise), each named. Empty: it may be
 * restored. The backup is opened read-only; the migrations' schema is made in a temporary folder.
 */
export async function checkSqliteBackup(path: string): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'codetube-check-'));
  try {
    const reference = openDatabase({ dialect: 'sqlite', path: join(folder, 'reference.sqlite') });
    try {
      await migrateToLatest(reference);
    } finally {
      await reference.close();
    }
    const expected = new BetterSqlite3(join(folder, 'reference.sqlite'), { readonly: true });
    const wanted = readSchema(expected);
    expected.close();
    const backup = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    try {
      const problems = (backup.pragma('integrity_check') as { integrity_check: string }[])
        .map((row) => row.integrity_check)
        .filter((finding) => finding !== 'ok')
        .map((finding) => `integrity_check: ${finding}`);
      const found = readSchema(backup);
      for (const [object, sql] of found) {
        if (!wanted.has(object)) problems.push(`${object}: not made by the migrations`);
        else if (wanted.get(object) !== sql)
          problems.push(`${object}: not as the migrations make it`);
      }
      for (const object of wanted.keys())
        if (!found.has(object)) problems.push(`${object}: missing`);
      return problems;
    } finally {
      backup.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
