import { sql, type RawBuilder } from 'kysely';
import { characterCount, TRIGRAM_LENGTH } from '../../api/catalogue/search-text';

/** A folded text column of PostgreSQL's videos table (migration 0008), with a joined trigram index (0009). */
export type FoldedColumn = 'title_folded' | 'rest_folded';

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
export const likeContaining = (text: string) =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A letter or a digit: what pg_trgm keeps in a word (the rest separates words). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The pieces of a folded search that the joined trigram indexes (migration 0009) are asked for,
 * rarest first: each run of letters and digits with up to two characters either side (so the
 * pieces hold the trigrams across each gap between words, `t c` of `react crash`), or the whole
 * text when it has no gap. Rarest means found in the fewest of `sample` (texts of the column, as
 * the planner's statistics hold them); among those, the piece whose trigrams the sample holds
 * least often (the index reads the whole list of each trigram of the first piece), then the
 * longest. Every piece is part of the text, so a
 * video holding the text holds each piece; a piece of fewer than three characters, which might give
 * no trigram (a LIKE without one reads the whole index), is left out.
 */
export function lookupPieces(folded: string, sample: readonly string[]): string[] {
  const characters = [...folded];
  const pieces = new Set<string>();
  for (let start = 0; start < characters.length;) {
    if (!WORD_CHARACTER.test(characters[start]!)) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < characters.length && WORD_CHARACTER.test(characters[end]!)) end += 1;
    const piece = characters.slice(Math.max(0, start - 2), end + 2).join('');
    if (characterCount(piece) >= TRIGRAM_LENGTH) pieces.add(piece);
    start = end;
  }
  if (pieces.size === 0) return [folded];
  const holding = (part: string) => sample.filter((text) => text.includes(part)).length;
  const rank = new Map(
    [...pieces].map((piece) => {
      const characters = [...piece];
      let trigrams = 0;
      for (let at = 0; at + TRIGRAM_LENGTH <= characters.length; at += 1) {
        trigrams += holding(characters.slice(at, at + TRIGRAM_LENGTH).join(''));
      }
      return [piece, { holding: holding(piece), trigrams }];
    }),
  );
  return [...pieces].sort((a, b) => {
    const [first, second] = [rank.get(a)!, rank.get(b)!];
    return (
      first.holding - second.holding ||
      first.trigrams - second.trigrams ||
      characterCount(b) - characterCount(a)
    );
  });
}

/**
 * The condition "`column` contains `folded`", read through the column's joined trigram index
 * (migration 0009), for a text of at least three characters.
 *
 * Each piece of the text (`lookupPieces`) is a LIKE of its own on the joined column, rarest first.
 * PostgreSQL's GIN reads every list of the trigrams of one LIKE to intersect them, but across
 * several LIKEs it takes the first one's few videos and only checks those against the others'
 * lists: `lesson 328292` as one LIKE read some 2,700 index pages (20–30 ms), its rare piece first
 * about 45. Whether the video holds the text itself is checked on what the index finds.
 */
export function foldedContains(
  column: FoldedColumn,
  folded: string,
  sample: readonly string[],
): RawBuilder<unknown> {
  const at = sql.ref(`v.${column}`);
  const lookups = lookupPieces(folded, sample).map(
    (piece) => sql`codetube_joined(${at}) like '%' || codetube_joined(${piece}) || '%'`,
  );
  return sql`${sql.join(lookups, sql` and `)} and ${at} like ${likeContaining(folded)}`;
}
