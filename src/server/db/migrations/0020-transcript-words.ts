import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';
import { rankKey } from '../search-rank';

/**
 * The transcripts' word indexes (decision 0027, transcript-words.ts): the first filter of a
 * transcript search that holds a word, before its whole text is checked in the few transcripts
 * that hold all its words. The trigram indexes (0018, 0019) stay for searches without such a word.
 *
 * - SQLite: `transcripts_words`, a contentless FTS5 table (`unicode61 remove_diacritics 1`, the
 *   trigram tables' fold; where each word is said, so the words a search says one after the other
 *   are looked up as a phrase; an index of 3-character prefixes, so a search's unfinished last
 *   word reads one list) whose rowid is the video's rank key, like `transcripts_ranked`: matches
 *   come most viewed first. Kept in step by the same triggers.
 * - PostgreSQL: `transcripts.words`, a stored tsvector of the distinct words (runs of a to z and 0
 *   to 9, each cut at 40 characters) of the folded text, with a GIN index. Without positions: a
 *   few KB per transcript. A transcript whose words pass 900 KB (a tsvector holds 1 MB) keeps
 *   none (null) and is a candidate of every search.
 */
export function transcriptWords(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqliteTranscriptWords(db);
      else await postgresTranscriptWords(db);
    },
  };
}

async function postgresTranscriptWords(db: Kysely<unknown>) {
  await sql`create function codetube_transcript_words(folded text) returns tsvector
    language sql immutable parallel safe as $$
      select case when sum(octet_length(word)) < 900000
        then coalesce(array_to_tsvector(array_agg(word)), ''::tsvector) end
      from (select distinct left(part, 40) as word
        from regexp_split_to_table(folded, '[^a-z0-9]+') as part where part <> '') as words
    $$`.execute(db);
  await sql`alter table transcripts add column words tsvector
    generated always as (codetube_transcript_words(codetube_fold(text))) stored`.execute(db);
  await sql`create index transcripts_words_gin on transcripts using gin (words)
    with (fastupdate = off)`.execute(db);
  await sql`create index transcripts_without_words on transcripts (video_id)
    where words is null`.execute(db);
}

async function sqliteTranscriptWords(db: Kysely<unknown>) {
  await sql`
    create virtual table transcripts_words using fts5(
      text, content = '', contentless_delete = 1, prefix = '3',
      tokenize = 'unicode61 remove_diacritics 1'
    )`.execute(db);
  await sql`insert into transcripts_words (rowid, text)
    select ${sql.raw(rankKey('v'))}, t.text from transcripts t join videos v on v.id = t.video_id`.execute(
    db,
  );
  const keyOf = (videoId: string) =>
    sql.raw(`(select ${rankKey('v')} from videos v where v.id = ${videoId})`);
  await sql`
    create trigger transcripts_words_insert after insert on transcripts begin
      insert into transcripts_words (rowid, text) select ${keyOf('new.video_id')}, new.text;
    end`.execute(db);
  await sql`
    create trigger transcripts_words_delete after delete on transcripts begin
      delete from transcripts_words where rowid = ${keyOf('old.video_id')};
    end`.execute(db);
  await sql`
    create trigger transcripts_words_update after update of text on transcripts begin
      delete from transcripts_words where rowid = ${keyOf('old.video_id')};
      insert into transcripts_words (rowid, text) select ${keyOf('new.video_id')}, new.text;
    end`.execute(db);
  await sql`
    create trigger videos_transcript_words_delete before delete on videos
    when exists (select 1 from transcripts where video_id = old.id) begin
      delete from transcripts_words where rowid = ${sql.raw(rankKey('old'))};
    end`.execute(db);
  await sql`
    create trigger videos_transcript_words_rekey after update of position, views on videos
    when (old.views <> new.views or old.position <> new.position)
      and exists (select 1 from transcripts where video_id = new.id) begin
      delete from transcripts_words where rowid = ${sql.raw(rankKey('old'))};
      insert into transcripts_words (rowid, text)
        select ${sql.raw(rankKey('new'))}, text from transcripts where video_id = new.id;
    end`.execute(db);
}
