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
 * several words first counts, up to RARE_WORD_MATCHES + 1, the videos holding each word of at
 * least three characters; when one word is that rare, its matches (every video that can hold the
 * whole text) are read, most viewed first, with their texts, and kept when they hold the whole
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
  const rare = words.length > 0 ? await rarestWord(db, table, words) : undefined;
  if (rare === undefined) return phraseMatches(db, table, ftsPhrase(folded), need);

  const { rows: candidates } = await sql<{ position: number }>`select
    ${sql.raw(positionOfKey('rowid'))} as position from ${sql.table(table)}
    where ${sql.table(table)} match ${ftsPhrase(rare)} order by rowid`.execute(db);
  if (candidates.length === 0) return [];
  const texts = await textsAt(
    db,
    table,
    candidates.map((candidate) => Number(candidate.position)),
  );
  const matches: number[] = [];
  for (const { position } of candidates) {
    const text = texts.get(Number(position));
    if (text === undefined) continue;
    const holds =
      isPlainAscii(text) && isPlainAscii(folded)
        ? text.toLowerCase().includes(folded)
        : await phraseHolds(db, table, folded, Number(position));
    if (holds) matches.push(Number(position));
    if (matches.length === need) break;
  }
  return matches;
}

/** The word matching the fewest videos, when it matches at most RARE_WORD_MATCHES. */
async function rarestWord(
  db: Kysely<Database>,
  table: RankedTable,
  words: string[],
): Promise<string | undefined> {
  const counts = words.map(
    (word) => sql<number>`(select count(*) from (select 1 from ${sql.table(table)}
      where ${sql.table(table)} match ${ftsPhrase(word)} limit ${RARE_WORD_MATCHES + 1}))`,
  );
  const { rows } = await sql<Record<string, number>>`select ${sql.join(
    counts.map((count, index) => sql`${count} as ${sql.ref(`c${index}`)}`),
  )}`.execute(db);
  const counted = words.map((_word, index) => Number(rows[0]?.[`c${index}`] ?? Infinity));
  let rarest: string | undefined;
  let fewest = RARE_WORD_MATCHES + 1;
  words.forEach((word, index) => {
    const count = counted[index] ?? Infinity;
    if (count < fewest) {
      fewest = count;
      rarest = word;
    }
  });
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
