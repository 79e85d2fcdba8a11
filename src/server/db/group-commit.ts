import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LOG_UNREACHABLE } from './db-errors';

/**
 * Group commit for SQLite (decision 0018). The server's connection commits with
 * synchronous=NORMAL: a commit is written to the write-ahead log without waiting for the disk.
 * Before the answer to a request that wrote goes out, `settle` waits for one fdatasync of the log
 * that began after the request's commits, on libuv's thread pool. So an acknowledged write is on
 * disk as with synchronous=FULL (it survives a crash of the machine), but the event loop no
 * longer stops for each commit's fsync, and every commit made while one sync runs shares the next.
 */
export class SharedSync {
  /** The changes count the last finished sync covers. */
  private synced = 0;
  /**
   * Why a sync failed, once one has. After a failed fdatasync the kernel may have dropped the
   * log's unwritten pages and report success next time; SQLite's recovery stops at the first
   * missing frame, so no later commit could be promised either. Every later settle fails.
   * A sync that could not even open the log (LOG_UNREACHABLE: a folder made unreadable) synced
   * nothing and lost nothing: it fails its callers only, and the next sync tries again.
   */
  private failure: Error | undefined;
  private running: PendingSync | undefined;
  private queued: PendingSync | undefined;

  /** `sync` makes everything written so far durable (an fdatasync of the log). */
  constructor(private readonly sync: () => Promise<void>) {}

  /**
   * Resolves once a sync that began after the connection's changes count reached `changes` has
   * finished. The count must have been read outside any transaction, so that it covers only
   * committed work.
   */
  settle(changes: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (changes <= this.synced) return Promise.resolve();
    if (!this.running) return this.start({ covers: changes }, Promise.resolve());
    if (changes <= this.running.covers) return this.running.done;
    // The running sync may have begun before these commits: wait for the next one, which every
    // caller arriving meanwhile shares.
    if (this.queued) {
      this.queued.covers = Math.max(this.queued.covers, changes);
      return this.queued.done;
    }
    return this.start(
      { covers: changes },
      this.running.done.catch(() => {}),
    );
  }

  /** A sync that begins once `after` has settled, covering what its callers had read by then. */
  private start(pending: Omit<PendingSync, 'done'>, after: Promise<void>): Promise<void> {
    const queued = pending as PendingSync;
    if (this.running) this.queued = queued;
    else this.running = queued;
    queued.done = after.then(async () => {
      if (this.queued === queued) this.queued = undefined;
      this.running = queued;
      if (this.failure) throw this.failure;
      try {
        await this.sync();
        this.synced = Math.max(this.synced, queued.covers);
      } catch (error) {
        const failure = new Error(`the database's log could not be synced: ${String(error)}`, {
          cause: error,
        });
        if ((error as { code?: unknown }).code === LOG_UNREACHABLE) {
          throw Object.assign(failure, { code: LOG_UNREACHABLE });
        }
        this.failure = failure;
        throw failure;
      } finally {
        if (this.running === queued) this.running = undefined;
      }
    });
    return queued.done;
  }
}

interface PendingSync {
  /** The highest changes count a caller had read before this sync began. */
  covers: number;
  done: Promise<void>;
}

/**
 * An fdatasync of one file on libuv's thread pool; the first one also syncs its folder, so that
 * the file's own entry is durable. A file that does not exist yet holds nothing to sync (SQLite
 * creates the log before the first commit that goes into it). When the file or its folder cannot
 * be opened, the sync fails with LOG_UNREACHABLE and the next one tries again.
 */
export function fileSync(path: string): { sync: () => Promise<void>; close: () => Promise<void> } {
  let opening: Promise<FileHandle | undefined> | undefined;
  const openLog = async () => {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const folder = await open(dirname(path), 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  };
  return {
    sync: async () => {
      // One opening shared by concurrent first syncs; tried again while the file is missing or
      // the opening failed.
      opening ??= openLog();
      let handle: FileHandle | undefined;
      try {
        handle = await opening;
      } catch (error) {
        opening = undefined;
        throw Object.assign(new Error(`cannot open the log: ${String(error)}`, { cause: error }), {
          code: LOG_UNREACHABLE,
        });
      }
      if (!handle) {
        opening = undefined;
        return;
      }
      await handle.datasync();
    },
    close: async () => {
      const handle = await opening?.catch(() => undefined);
      opening = undefined;
      await handle?.close();
    },
  };
}
