import { sql, type RawBuilder } from 'kysely';

/** A folded text column of PostgreSQL's videos table with a trigram index (migration 0008). */
export type FoldedColumn = 'title_folded' | 'rest_folded';

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
export const likeContaining = (text: string) =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A word of the search that surely gives pg_trgm a trigram: three letters or digits in a row
 * (shorter words, or words of other characters, may give none, and a LIKE with no trigram reads
 * the whole index).
 */
const HAS_TRIGRAM = /[a-z0-9]{3}/;

/**
 * The words of a folded search worth a trigram index lookup of their own, rarest first: those
 * found in the fewest of `sample` (texts of the column, such as the planner's statistics hold),
 * then the longest. Fewer than two such words: none (the whole text is looked up at once).
 */
export function lookupWords(folded: string, sample: readonly string[]): string[] {
  const words = [...new Set(folded.split(' ').filter((word) => HAS_TRIGRAM.test(word)))];
  if (words.length < 2) return [];
  const found = new Map(
    words.map((word) => [word, sample.filter((text) => text.includes(word)).length]),
  );
  return words.sort((a, b) => found.get(a)! - found.get(b)! || b.length - a.length);
}

/**
 * The condition "`column` contains `folded`", read through the column's trigram index.
 *
 * One LIKE hands the index every trigram of the text as one key, and PostgreSQL's GIN reads each
 * trigram's whole list of videos to intersect them: a common word next to a rare number
 * (`lesson 328292`) read some 2,700 index pages, 20–30 ms. With each word a LIKE of its own,
 * rarest first, the index takes the rare word's few videos and only checks those against the
 * common words' lists (about 45 pages). Whether the whole text is there, the words in their order,
 * is checked on the videos found (strpos, which the index does not serve).
 */
export function foldedContains(
  column: FoldedColumn,
  folded: string,
  sample: readonly string[],
): RawBuilder<unknown> {
  const at = sql.ref(`v.${column}`);
  const words = lookupWords(folded, sample);
  if (words.length === 0) return sql`${at} like ${likeContaining(folded)}`;
  const lookups = words.map((word) => sql`${at} like ${likeContaining(word)}`);
  return sql`${sql.join(lookups, sql` and `)} and strpos(${at}, ${folded}) > 0`;
}
