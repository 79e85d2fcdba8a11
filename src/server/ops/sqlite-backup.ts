import BetterSqlite3 from 'better-sqlite3';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** How a SQLite backup copies the database (bench/backup.bench.ts measures both). */
export type SqliteBackupMethod = 'backup-api' | 'vacuum-into';

/** How long the backup's connection waits for a lock (a migration, a checkpoint). */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * An online copy of a SQLite database that the server may be writing to meanwhile: a snapshot
 * of the last commit before it started, whatever is written during it. Written to a file of its
 * own (mode 0600 from its first byte, in a 0700 folder beside `out`: it holds password hashes) and
 * renamed onto `out` once whole, so `out` is never half a backup.
 *
 * - `backup-api` (the default): SQLite's online backup API, all pages in one step. In WAL mode
 *   that step is one read transaction, which writers never wait for; copied a few pages at a
 *   time (the sqlite3 shell's `.backup`, better-sqlite3's default of 100 pages per step), the
 *   backup starts again after every commit of another connection and, under steady writes,
 *   may never end.
 * - `vacuum-into`: `VACUUM INTO`, also one read transaction; it rebuilds every table and index
 *   (a compact file), which costs more time at large sizes.
 */
export async function backupSqlite(
  source: string,
  out: string,
  {
    method = 'backup-api',
    afterStep,
  }: {
    method?: SqliteBackupMethod;
    /** Tests: called after each step of the backup API, with the pages it has left. */
    afterStep?: (remainingPages: number) => void;
  } = {},
): Promise<{ bytes: number }> {
  if (!existsSync(source)) throw new Error(`the database ${source} does not exist`);
  const { folder, partial } = privatePartial(out);
  let database: BetterSqlite3.Database;
  try {
    database = new BetterSqlite3(source, { fileMustExist: true });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  try {
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (method === 'vacuum-into') {
      database.prepare('VACUUM INTO ?').run(partial);
    } else {
      // The first step's size is the library's; every later one copies all that remains.
      await database.backup(partial, {
        progress: ({ totalPages, remainingPages }) => {
          afterStep?.(remainingPages);
          return Math.max(totalPages, 1);
        },
      });
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    database.close();
  }
  chmodSync(partial, 0o600);
  // On the disk before it takes the name (VACUUM INTO does not sync what it writes), and the
  // name on the disk before the backup is reported done.
  syncPath(partial);
  renameSync(partial, out);
  rmSync(folder, { recursive: true, force: true });
  syncPath(dirname(out));
  return { bytes: statSync(out).size };
}

/**
 * Where a backup (or the secret) is written before it takes its name: an empty file of mode 0600
 * in a new folder of mode 0700 beside `out` (the same file system, so the rename is atomic). No
 * other user can open it from its first byte, whatever the umask; SQLite gives its journal the
 * database file's mode, and it sits in the same folder.
 */
function privatePartial(out: string): { folder: string; partial: string } {
  const folder = mkdtempSync(join(dirname(out), `.${basename(out)}.partial-`));
  const partial = join(folder, basename(out));
  closeSync(openSync(partial, 'wx', 0o600));
  return { folder, partial };
}

/** fsync of a file, or of a folder (its entries). */
function syncPath(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Copies a file holding a secret (the JWT secret) with mode 0600, whole or not at all. */
export function copySecretFile(from: string, to: string): void {
  const { folder, partial } = privatePartial(to);
  try {
    copyFileSync(from, partial);
    chmodSync(partial, 0o600);
    syncPath(partial);
    renameSync(partial, to);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  syncPath(dirname(to));
}
