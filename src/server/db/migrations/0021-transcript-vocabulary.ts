import { sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import { foldForSearch } from '../../../api/catalogue/search-text';
import { vocabularyOf } from '../../../api/catalogue/transcript-words';
import type { SqlDialectName } from '../dialect';

/**
 * The vocabulary of the transcripts (decision 0027, transcript-words.ts): every word said, by its
 * end reversed (`reversed`: its last 40 characters backwards), so a search's first word, which may
 * be the end of a longer word, is looked up among the words that end with it (`myl the` asks
 * `"kamyl the" OR "myl the"`) instead of being left out. `plain` says the word is in the word index
 * (migration 0020) as it is; a search whose first word ends one that is not (longer than 40
 * characters; on SQLite, after a character beyond ASCII) does not ask its first word, as before.
 *
 * Only ever grows: a transcript written adds its words (transcript-sql.ts), one removed leaves them
 * (a word no transcript says only widens a search's filter). Both stores: a table keyed by
 * `reversed` (PostgreSQL: collation "C", so the words ending with something are a range of keys).
 */
export function transcriptVocabulary(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`create table transcript_vocabulary (
          reversed text primary key, plain integer not null
        ) without rowid`.execute(db);
        const { rows } = await sql<{ video_id: string }>`select video_id from transcripts`.execute(
          db,
        );
        for (const { video_id: videoId } of rows) {
          const { rows: found } = await sql<{ text: string }>`select text from transcripts
            where video_id = ${videoId}`.execute(db);
          if (found[0]) await addWords(db, 'sqlite', videoId, found[0].text);
        }
        return;
      }
      await sql`create table transcript_vocabulary (
        reversed text collate "C" primary key, plain boolean not null
      )`.execute(db);
      await sql`insert into transcript_vocabulary (reversed, plain)
        select reverse(right(part, 40)), bool_and(length(part) <= 40)
        from transcripts t, regexp_split_to_table(codetube_fold(t.text), '[^a-z0-9]+') as part
        where part <> '' group by 1 order by 1`.execute(db);
    },
  };
}

/**
 * Adds the words of a video's transcript to the vocabulary: SQLite's from `text` (the fold's runs,
 * vocabularyOf), PostgreSQL's from the stored row (its own split of codetube_fold, as the word
 * index's). In key order, so concurrent writers take the rows' locks in the same order.
 */
export async function addWords(
  db: QueryExecutorProvider,
  dialect: SqlDialectName,
  videoId: string,
  text: string,
): Promise<void> {
  if (dialect === 'sqlite') {
    const entries = [...vocabularyOf(foldForSearch(text))].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    await sql`insert into transcript_vocabulary (reversed, plain)
      select value ->> 0, value ->> 1 from json_each(${JSON.stringify(entries)}) where true
      on conflict (reversed) do update set plain = 0
      where excluded.plain = 0 and transcript_vocabulary.plain <> 0`.execute(db);
    return;
  }
  await sql`insert into transcript_vocabulary (reversed, plain)
    select reverse(right(part, 40)), bool_and(length(part) <= 40)
    from transcripts t, regexp_split_to_table(codetube_fold(t.text), '[^a-z0-9]+') as part
    where t.video_id = ${videoId} and part <> '' group by 1 order by 1
    on conflict (reversed) do update set plain = false
    where transcript_vocabulary.plain and not excluded.plain`.execute(db);
}
