/**
 * Recognises the database errors the store turns into answers. better-sqlite3 reports SQLite's
 * extended result code as a string in `code`; pg reports PostgreSQL's SQLSTATE in `code`.
 */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** A unique or primary-key constraint refused the row: the thing is already there. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A foreign key refused the row: what it points at does not exist (any more). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** PostgreSQL refused a text value it cannot store: the NUL character (22021). */
export function isUnstorableText(error: unknown): boolean {
  return codeOf(error) === '22021';
}

/**
 * The `code` of a read that failed because SQLite's read thread running it stopped (it crashed,
 * or the server is closing) before it answered (read-pool.ts): nothing was read, and the pool
 * starts another thread for the next read.
 */
export const READ_THREAD_LOST = 'CODETUBE_READ_THREAD_LOST';

/**
 * The `code` of a group commit's sync that could not open the log or its folder (group-commit.ts):
 * the data folder made unreadable (`chmod`), or no file handles left. The commit waits in the
 * log, unsynced; the next sync that can open it covers it, so the server recovers on its own.
 */
export const LOG_UNREACHABLE = 'CODETUBE_LOG_UNREACHABLE';

/**
 * The `code` of a request that waited for one of the PostgreSQL pool's connections past the
 * acquire timeout while every connection was open and busy (open-database.ts): the database is
 * there, this process has too much in flight. Distinct from a database out of reach.
 */
export const POOL_EXHAUSTED = 'CODETUBE_POOL_EXHAUSTED';

/** SQLite errors that mean it cannot store anything now; nothing was half-written. */
const sqliteUnavailable = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED)/;
/** Socket-level failures on the way to PostgreSQL. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** 57P01–57P03: shut down, crashed or starting; 53300: too many connections. */
const postgresUnavailable = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * 40P01: PostgreSQL broke a deadlock by cancelling this transaction; 40001: it could not order
 * it with another one. Nothing was written, and the same request succeeds when sent again.
 */
const postgresRetryable = new Set(['40P01', '40001']);
const lostConnection =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i;

export const databaseUnreachableMessage =
  'The database is not reachable right now. Please try again in a moment.';
export const databaseBusyMessage =
  'The database was busy with another change and did not store this one. Please try again.';
export const databasePoolBusyMessage =
  'The server has too many database requests in progress. Please try again in a moment.';
export const databaseReadOnlyMessage =
  'The database cannot store changes right now (it is read-only or out of space). ' +
  'Please try again later.';

/**
 * The message of a 503 for an error that means the database is out of reach or cannot write
 * (PostgreSQL down or restarting, SQLite read-only or out of disk), cancelled this transaction
 * against another one (a deadlock), or that this process's pool had no connection free in time
 * (POOL_EXHAUSTED); undefined for anything else.
 * The pg pool opens new connections on the next request, so the server recovers on its own.
 */
export function databaseUnavailable(error: unknown): string | undefined {
  const code = codeOf(error);
  if (typeof code === 'string') {
    if (sqliteUnavailable.test(code)) return databaseReadOnlyMessage;
    if (postgresRetryable.has(code)) return databaseBusyMessage;
    if (code === READ_THREAD_LOST) return databaseUnreachableMessage;
    if (code === LOG_UNREACHABLE) return databaseReadOnlyMessage;
    if (code === POOL_EXHAUSTED) return databasePoolBusyMessage;
    if (networkCodes.has(code) || postgresUnavailable.has(code) || code.startsWith('08')) {
      return databaseUnreachableMessage;
    }
  }
  if (error instanceof AggregateError && error.errors.some((inner) => databaseUnavailable(inner))) {
    return databaseUnreachableMessage;
  }
  if (error instanceof Error && lostConnection.test(error.message)) {
    return databaseUnreachableMessage;
  }
  return undefined;
}
