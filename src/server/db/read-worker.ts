/**
 * A thread of the SQLite read pool (read-pool.ts; bundled to dist/server/sqlite-read-worker.mjs).
 * It holds one connection to the server's database file that refuses to write, and runs the
 * statements the pool sends it one at a time, each its own read transaction on the log's latest
 * commit (WAL): so a read sent after a commit of the server's connection sees that commit.
 */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { ReadReply, ReadRequest, ReadWorkerData } from './read-pool';
import { addSearchFold } from './sqlite-fold';

/** Statements kept compiled per thread; the catalogue's reads are a few dozen texts. */
const STATEMENT_CACHE_SIZE = 200;

const { path, busyTimeoutMs } = workerData as ReadWorkerData;
const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread of the SQLite read pool');

let database: BetterSqlite3.Database | undefined;
const statements = new Map<string, BetterSqlite3.Statement>();

/**
 * Opened as the thread starts, and again at the next statement when that failed (the file missing
 * for a moment), so the thread never holds on to a failure.
 */
function open(): BetterSqlite3.Database {
  const opened = new BetterSqlite3(path, { fileMustExist: true });
  try {
    opened.pragma('query_only = ON');
    opened.pragma(`busy_timeout = ${busyTimeoutMs}`);
    addSearchFold(opened);
  } catch (error) {
    opened.close();
    throw error;
  }
  return opened;
}

/** The statement compiled for this text before (least recently used dropped), or a new one. */
function statement(connection: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  const known = statements.get(sql);
  if (known) {
    statements.delete(sql);
    statements.set(sql, known);
    return known;
  }
  const compiled = connection.prepare(sql);
  statements.set(sql, compiled);
  if (statements.size > STATEMENT_CACHE_SIZE) {
    statements.delete(statements.keys().next().value as string);
  }
  return compiled;
}

function run({ sql, parameters }: Extract<ReadRequest, { sql: string }>) {
  database ??= open();
  const prepared = statement(database, sql);
  if (prepared.reader) return { rows: prepared.all(parameters) as unknown[] };
  // The connection is query_only: only statements that change nothing get here (a pragma).
  prepared.run(parameters);
  return { rows: [] };
}

try {
  database = open();
} catch {
  // The first statement opens it, and answers with the reason if it still cannot.
}

port.on('message', (request: ReadRequest) => {
  if ('close' in request) {
    statements.clear();
    database?.close();
    database = undefined;
    port.close();
    return;
  }
  let reply: ReadReply;
  try {
    reply = { id: request.id, ...run(request) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    reply = {
      id: request.id,
      error: {
        message: typeof message === 'string' ? message : String(error),
        ...(typeof code === 'string' ? { code } : {}),
      },
    };
  }
  port.postMessage(reply);
});
