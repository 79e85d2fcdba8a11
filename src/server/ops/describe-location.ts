import type { DatabaseLocation } from '../db/dialect';

/** The database as the operators' commands name it (never the password of a PostgreSQL URL). */
export function describeLocation(location: DatabaseLocation): string {
  return location.dialect === 'sqlite'
    ? `SQLite ${location.path}`
    : `PostgreSQL ${new URL(location.url).host}`;
}
