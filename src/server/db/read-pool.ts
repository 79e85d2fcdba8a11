import { Worker } from 'node:worker_threads';
import { READ_THREAD_LOST } from './db-errors';

/**
 * SQLite's read pool (decision 0019). better-sqlite3 runs a statement on the calling thread, so
 * on the server's one connection every read waits for the one before it and holds up everything
 * else the process serves, health checks included. The pool runs reads on a few worker threads
 * instead, each with its own connection to the same file: in WAL mode readers run beside each
 * other and beside the writer. Writes stay on the server's connection (group commit and
 * `settleWrites` rely on it); a statement sent here after a commit of that connection returned
 * reads that commit, since each one is its own read transaction on the log's latest commit.
 */

/** What a read thread is started with. */
export interface ReadWorkerData {
  path: string;
  busyTimeoutMs: number;
}

/** A message to a read thread: a statement to run, or the order to close its connection. */
export type ReadRequest =
  { id: number; sql: string; parameters: readonly unknown[] } | { close: true };

/** A read thread's answer to one statement: its rows, or its error's message and code. */
export type ReadReply =
  { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/** A database error as the read thread reported it, with SQLite's code as better-sqlite3 gives it. */
export class ReadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ReadError';
  }
}

interface Job {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The statement it runs now, if any. */
  job: Job | undefined;
  exited: Promise<void>;
}

/** How long `close` lets a thread finish its statement before it is stopped. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Starts a read thread: the bundle's `sqlite-read-worker.mjs` beside this module's (dist/server),
 * or, running the TypeScript sources (tests, tsx), read-worker.ts under tsx's loader, registered
 * on the new thread first.
 */
function startWorker(workerData: ReadWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts'))
    return new Worker(new URL('./sqlite-read-worker.mjs', here), { workerData });
  const loader = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./read-worker.ts', here).href);
  return new Worker(
    `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`,
    { eval: true, workerData },
  );
}

/**
 * `size` threads, each running one statement at a time, started with the pool (so the first
 * requests do not wait for a thread to load); statements wait in one queue, first come first
 * served, for the next free thread. A thread that stops unexpectedly fails its statement
 * (READ_THREAD_LOST) and is replaced when a statement next finds no free thread.
 */
export class ReadPool {
  private readonly threads = new Set<Thread>();
  private readonly idle: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly data: ReadWorkerData,
    readonly size: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`read threads: ${size}`);
    for (let started = 0; started < size; started += 1) this.idle.push(this.start());
  }

  /** The rows of one statement, run by the next free thread. */
  /** Its threads, the idle ones among them, and statements waiting for one (the metrics). */
  get counts(): { totalCount: number; idleCount: number; waitingCount: number } {
    return {
      totalCount: this.threads.size,
      idleCount: this.idle.length,
      waitingCount: this.queue.length,
    };
  }

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closing) {
      return Promise.reject(new ReadError('the read pool is closed', READ_THREAD_LOST));
    }
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, sql, parameters, resolve, reject };
      const thread = this.idle.pop() ?? (this.threads.size < this.size ? this.start() : undefined);
      if (thread) this.send(thread, job);
      else this.queue.push(job);
    });
  }

  /** The threads' ids (tests stop one to see the pool recover). */
  threadIds(): number[] {
    return [...this.threads].map((thread) => thread.worker.threadId);
  }

  /** Stops one thread at once, as a crash would (tests). */
  async stopThread(threadId: number): Promise<void> {
    for (const thread of this.threads) {
      if (thread.worker.threadId === threadId) {
        await thread.worker.terminate();
        await thread.exited;
      }
    }
  }

  /**
   * Fails what waits, lets each thread finish the statement it runs (up to CLOSE_GRACE_MS), then
   * closes the threads' connections and ends them.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const job of this.queue.splice(0)) {
        job.reject(new ReadError('the read pool closed', READ_THREAD_LOST));
      }
      await Promise.all(
        [...this.threads].map(async (thread) => {
          thread.worker.postMessage({ close: true } satisfies ReadRequest);
          const late = setTimeout(() => void thread.worker.terminate(), CLOSE_GRACE_MS);
          await thread.exited;
          clearTimeout(late);
        }),
      );
    })();
    return this.closing;
  }

  private start(): Thread {
    const worker = startWorker(this.data);
    // Until it is given a statement, a thread does not keep the process alive.
    worker.unref();
    let exited!: () => void;
    const thread: Thread = {
      worker,
      job: undefined,
      exited: new Promise((done) => (exited = done)),
    };
    this.threads.add(thread);
    worker.on('message', (reply: ReadReply) => this.answered(thread, reply));
    // An error thrown on the thread ends it ('exit' follows, which fails its statement): said on
    // stderr, since every read would fail the same way if the thread's code cannot load.
    worker.on('error', (error: Error) =>
      console.error(`A SQLite read thread stopped: ${error.message}`),
    );
    worker.once('exit', () => {
      this.threads.delete(thread);
      const at = this.idle.indexOf(thread);
      if (at >= 0) this.idle.splice(at, 1);
      const job = thread.job;
      thread.job = undefined;
      job?.reject(new ReadError('the read thread stopped before it answered', READ_THREAD_LOST));
      exited();
      // Statements waiting for a thread get a new one in its place.
      if (!this.closing && this.queue.length > 0) this.send(this.start(), this.queue.shift()!);
    });
    return thread;
  }

  private send(thread: Thread, job: Job): void {
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({
      id: job.id,
      sql: job.sql,
      parameters: job.parameters,
    } satisfies ReadRequest);
  }

  private answered(thread: Thread, reply: ReadReply): void {
    const job = thread.job;
    if (!job || job.id !== reply.id) return;
    thread.job = undefined;
    if ('error' in reply) job.reject(new ReadError(reply.error.message, reply.error.code));
    else job.resolve(reply.rows);
    const next = this.closing ? undefined : this.queue.shift();
    if (next) {
      this.send(thread, next);
    } else {
      // An idle thread does not keep the process alive.
      thread.worker.unref();
      this.idle.push(thread);
    }
  }
}
