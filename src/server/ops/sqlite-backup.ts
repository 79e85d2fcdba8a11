import BetterSqlite3 from 'better-sqlite3';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';

/** How a SQLite backup copies the database (bench/backup.bench.ts measures both). */
export type SqliteBackupMethod = 'backup-api' | 'vacuum-into';

/** How long the backup's connection waits for a lock (a migration, a checkpoint). */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * An online copy of a SQLite database that the server may be writing to meanwhile: a snapshot
 * of the last commit before it started, whatever is written during it. Written to a file of its
 * own beside `out` and renamed onto it once whole (mode 0600: it holds password hashes), so `out`
 * is never half a backup.
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
  const partial = `${out}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const database = new BetterSqlite3(source, { fileMustExist: true });
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
    rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
  }
  chmodSync(partial, 0o600);
  // On the disk before it takes the name (VACUUM INTO does not sync what it writes), and the
  // name on the disk before the backup is reported done.
  syncPath(partial);
  renameSync(partial, out);
  syncPath(dirname(out));
  return { bytes: statSync(out).size };
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
  const partial = `${to}.partial-${process.pid}`;
  copyFileSync(from, partial);
  chmodSync(partial, 0o600);
  syncPath(partial);
  renameSync(partial, to);
  syncPath(dirname(to));
}
