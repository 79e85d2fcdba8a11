import { sql, type Kysely } from 'kysely';
import { characterCount, isPlainAscii, TRIGRAM_LENGTH } from '../../api/catalogue/search-text';
import type { Database } from './schema';
import { positionOfKey, rankKey } from './search-rank';

/** SQLite's two ranked text indexes (migration 0007): titles, and "channel description". */
export type RankedTable = 'videos_title_ranked' | 'videos_rest_ranked';

/**
 * A word of a search that matches at most this many videos is rare enough to find the search's
 * matches through: its matches are read whole and each is checked for the whole text.
 */
export const RARE_WORD_MATCHES = 200;

/** A trigram FTS5 phrase: the text as one quoted string, its quotes doubled. */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The positions of the first `need` videos whose text in `table` holds `folded` (the search,
 * folded as `foldForSearch` does), in the table's order: most viewed first.
 *
 * FTS5 finds a phrase by stepping through the lists of all of its trigrams together. When every
 * video holds some of them (`lesson 328292`: `les`, `son`, … are in every description), that walk
 * reads those million-entry lists across, 20–40 ms, however few the matches. So a search of
 * several words first reads, up to RARE_WORD_MATCHES + 1, the videos holding each word of at
 * least three characters; when one word is that rare, its matches (every video that can hold the
 * whole text) are read with their texts, and kept, most viewed first, when they hold the whole
 * text: the same answer as the phrase's, for a few hundred entries read. Plain ASCII is compared
 * here (FTS5 only lower-cases it too); a text beyond it is asked of FTS5 for that video alone.
 */
export async function rankedMatches(
  db: Kysely<Database>,
  table: RankedTable,
  folded: string,
  need: number,
): Promise<number[]> {
  const words = [...new Set(folded.split(/\s+/))].filter(
    (word) => characterCount(word) >= TRIGRAM_LENGTH && word !== folded,
  );
  const candidates = words.length > 0 ? await rarestWordMatches(db, table, words) : undefined;
  if (candidates === undefined) return phraseMatches(db, table, ftsPhrase(folded), need);
  if (candidates.length === 0) return [];
  const texts = await textsAt(db, table, candidates);
  const matches: number[] = [];
  for (const position of candidates) {
    const text = texts.get(position);
    if (text === undefined) continue;
    const holds =
      isPlainAscii(text) && isPlainAscii(folded)
        ? text.toLowerCase().includes(folded)
        : await phraseHolds(db, table, folded, position);
    if (holds) matches.push(position);
    if (matches.length === need) break;
  }
  return matches;
}

/**
 * The matches of the word matching the fewest videos, most viewed first, when it matches at most
 * RARE_WORD_MATCHES; one statement reads each word's first RARE_WORD_MATCHES + 1.
 */
async function rarestWordMatches(
  db: Kysely<Database>,
  table: RankedTable,
  words: string[],
): Promise<number[] | undefined> {
  const firsts = words.map(
    (word, index) => sql`select ${index} as word, key, ${sql.raw(positionOfKey('key'))} as position
      from (select rowid as key from ${sql.table(table)} where ${sql.table(table)}
        match ${ftsPhrase(word)} order by rowid limit ${RARE_WORD_MATCHES + 1})`,
  );
  const { rows } = await sql<{ word: number; position: number }>`select word, position
    from (${sql.join(firsts, sql` union all `)}) order by word, key`.execute(db);
  const matches: number[][] = words.map(() => []);
  for (const row of rows) matches[Number(row.word)]?.push(Number(row.position));
  let rarest: number[] | undefined;
  for (const found of matches) {
    if (found.length <= RARE_WORD_MATCHES && found.length < (rarest?.length ?? Infinity)) {
      rarest = found;
    }
  }
  return rarest;
}

/** The first `need` matches of an FTS5 phrase, read straight off the index. */
async function phraseMatches(
  db: Kysely<Database>,
  table: RankedTable,
  phrase: string,
  need: number,
): Promise<number[]> {
  const { rows } = await sql<{ position: number }>`select
    ${sql.raw(positionOfKey('rowid'))} as position from ${sql.table(table)}
    where ${sql.table(table)} match ${phrase} order by rowid limit ${need}`.execute(db);
  return rows.map((row) => Number(row.position));
}

/** Each candidate's text as the table indexes it, by position. */
async function textsAt(
  db: Kysely<Database>,
  table: RankedTable,
  positions: number[],
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('videos')
    .select(['position', 'title', 'channel_name', 'description'])
    .where('position', 'in', positions)
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.position),
      table === 'videos_title_ranked' ? row.title : `${row.channel_name} ${row.description}`,
    ]),
  );
}

/** Whether the video at `position` holds the phrase, as FTS5 folds both (any alphabet). */
async function phraseHolds(
  db: Kysely<Database>,
  table: RankedTable,
  folded: string,
  position: number,
): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`select 1 as found from ${sql.table(table)}
    where ${sql.table(table)} match ${ftsPhrase(folded)}
    and rowid = (select ${sql.raw(rankKey('videos'))} from videos where position = ${position})
    limit 1`.execute(db);
  return rows.length > 0;
}
