import type BetterSqlite3 from 'better-sqlite3';
import { foldForSearch } from '../../api/catalogue/search-text';
import { wordPairs } from '../../api/catalogue/transcript-words';

/**
 * Gives a SQLite connection `codetube_fold`: the results page's case- and accent-blind
 * comparison, the same rule as the in-page store's. Every connection that reads the catalogue
 * has it (the server's own and the read threads'), and `codetube_word_pairs`: the pair index's
 * text of a transcript (migration 0022's triggers, transcript-words.ts `wordPairs`).
 */
export function addSearchFold(database: BetterSqlite3.Database): void {
  database.function('codetube_fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldForSearch(value) : value,
  );
  database.function('codetube_word_pairs', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? wordPairs(foldForSearch(value)) : value,
  );
}
