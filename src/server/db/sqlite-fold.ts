import type BetterSqlite3 from 'better-sqlite3';
import { foldForSearch } from '../../api/catalogue/search-text';

/**
 * Gives a SQLite connection `codetube_fold`: the results page's case- and accent-blind
 * comparison, the same rule as the in-page store's. Every connection that reads the catalogue
 * has it (the server's own and the read threads').
 */
export function addSearchFold(database: BetterSqlite3.Database): void {
  database.function('codetube_fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldForSearch(value) : value,
  );
}
