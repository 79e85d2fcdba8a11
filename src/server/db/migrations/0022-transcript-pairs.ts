import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';
import { rankKey } from '../search-rank';

/**
 * The transcripts' pair indexes (decision 0027's update, transcript-words.ts `wordPairs`): each
 * two words said one after the other with one space between them, as one token (`so_this`). A
 * search of words between single spaces needs its pairs said; a phrase of common words that is
 * rarely said (`so this and`) has pairs far rarer than its words, and their lists are short.
 *
 * - SQLite: `transcripts_pairs`, a contentless FTS5 table of the pairs in the order said (where
 *   each is said, so `"so_this this_and"*` is the search itself: no transcript is read to check
 *   it), rowid = the video's rank key (most viewed first), kept by the same triggers as the word
 *   index (0020). Its text comes from `codetube_word_pairs`, given to every connection
 *   (sqlite-fold.ts).
 * - PostgreSQL: `transcripts.pairs`, a stored tsvector of the distinct pairs of the folded text,
 *   GIN-indexed (no positions: a filter; a search of two words is answered by it). None (null)
 *   past 900 KB, a candidate of every search, as `words`.
 */
export function transcriptPairs(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqliteTranscriptPairs(db);
      else await postgresTranscriptPairs(db);
    },
  };
}

async function postgresTranscriptPairs(db: Kysely<unknown>) {
  await sql`create function codetube_transcript_pairs(folded text) returns tsvector
    language sql immutable parallel safe as $$
      select case when coalesce(sum(octet_length(pair)), 0) < 900000
        then coalesce(array_to_tsvector(array_agg(pair)), ''::tsvector) end
      from (select distinct word || '_' || left(next, 40) as pair
        from (select m[1] as word, m[2] as gap,
            lead(m[1]) over (order by n) as next
          from regexp_matches(folded, '([a-z0-9]+)([^a-z0-9]*)', 'g') with ordinality as r (m, n)
        ) as runs
        where gap = ' ' and next is not null and length(word) <= 40
      ) as pairs
    $$`.execute(db);
  await sql`alter table transcripts add column pairs tsvector
    generated always as (codetube_transcript_pairs(codetube_fold(text))) stored`.execute(db);
  await sql`create index transcripts_pairs_gin on transcripts using gin (pairs)
    with (fastupdate = off)`.execute(db);
  await sql`create index transcripts_without_pairs on transcripts (video_id)
    where pairs is null`.execute(db);
}

async function sqliteTranscriptPairs(db: Kysely<unknown>) {
  await sql`
    create virtual table transcripts_pairs using fts5(
      text, content = '', contentless_delete = 1, tokenize = "unicode61 tokenchars '_'"
    )`.execute(db);
  await sql`insert into transcripts_pairs (rowid, text)
    select ${sql.raw(rankKey('v'))}, codetube_word_pairs(t.text)
    from transcripts t join videos v on v.id = t.video_id`.execute(db);
  const keyOf = (videoId: string) =>
    sql.raw(`(select ${rankKey('v')} from videos v where v.id = ${videoId})`);
  await sql`
    create trigger transcripts_pairs_insert after insert on transcripts begin
      insert into transcripts_pairs (rowid, text)
        select ${keyOf('new.video_id')}, codetube_word_pairs(new.text);
    end`.execute(db);
  await sql`
    create trigger transcripts_pairs_delete after delete on transcripts begin
      delete from transcripts_pairs where rowid = ${keyOf('old.video_id')};
    end`.execute(db);
  await sql`
    create trigger transcripts_pairs_update after update of text on transcripts begin
      delete from transcripts_pairs where rowid = ${keyOf('old.video_id')};
      insert into transcripts_pairs (rowid, text)
        select ${keyOf('new.video_id')}, codetube_word_pairs(new.text);
    end`.execute(db);
  await sql`
    create trigger videos_transcript_pairs_delete before delete on videos
    when exists (select 1 from transcripts where video_id = old.id) begin
      delete from transcripts_pairs where rowid = ${sql.raw(rankKey('old'))};
    end`.execute(db);
  await sql`
    create trigger videos_transcript_pairs_rekey after update of position, views on videos
    when (old.views <> new.views or old.position <> new.position)
      and exists (select 1 from transcripts where video_id = new.id) begin
      delete from transcripts_pairs where rowid = ${sql.raw(rankKey('old'))};
      insert into transcripts_pairs (rowid, text)
        select ${sql.raw(rankKey('new'))}, codetube_word_pairs(text)
        from transcripts where video_id = new.id;
    end`.execute(db);
}
