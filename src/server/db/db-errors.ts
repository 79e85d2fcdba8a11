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
