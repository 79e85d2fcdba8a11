import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';
import { rankKey } from '../search-rank';

/**
 * Issue 31: what is said in a video, searchable by the results page (docs/transcripts.md).
 *
 * One row per transcript: the cue texts joined by a space (`text`, stored once, what the index
 * holds) and the cues' times and lengths (`timing`, a JSON array of integers), so a one-hour
 * transcript is one row of ~65 KB, read whole by its video's key, and the row goes with its video.
 *
 * - SQLite: `transcripts_ranked`, a contentless trigram FTS5 table whose rowid is the video's rank
 *   key (search-rank.ts), like migration 0007's tables: matches come most viewed first, so the
 *   results page reads only the transcript matches its count needs. Triggers keep it in step with
 *   `transcripts` and re-key it when the video's views or position change.
 * - PostgreSQL: the text folded in a stored column (`text_folded`, as migration 0008 does for the
 *   videos) with a trigram index.
 */
export function transcripts(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('transcripts')
        .addColumn('video_id', 'text', (col) =>
          col.primaryKey().references('videos.id').onDelete('cascade'),
        )
        .addColumn('language', 'text')
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('timing', 'text', (col) => col.notNull())
        .execute();
      if (dialect === 'sqlite') await sqliteTranscriptSearch(db);
      else await postgresTranscriptSearch(db);
    },
  };
}

async function postgresTranscriptSearch(db: Kysely<unknown>) {
  await sql`alter table transcripts
    add column text_folded text generated always as (codetube_fold(text)) stored`.execute(db);
  await sql`create index transcripts_text_folded_trgm on transcripts
    using gin (text_folded gin_trgm_ops)`.execute(db);
}

async function sqliteTranscriptSearch(db: Kysely<unknown>) {
  await sql`
    create virtual table transcripts_ranked using fts5(
      text, content = '', contentless_delete = 1,
      tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
  const keyOf = (videoId: string) =>
    sql.raw(`(select ${rankKey('v')} from videos v where v.id = ${videoId})`);
  await sql`
    create trigger transcripts_search_insert after insert on transcripts begin
      insert into transcripts_ranked (rowid, text)
        select ${keyOf('new.video_id')}, new.text;
    end`.execute(db);
  await sql`
    create trigger transcripts_search_delete after delete on transcripts begin
      delete from transcripts_ranked where rowid = ${keyOf('old.video_id')};
    end`.execute(db);
  await sql`
    create trigger transcripts_search_update after update of text on transcripts begin
      delete from transcripts_ranked where rowid = ${keyOf('old.video_id')};
      insert into transcripts_ranked (rowid, text)
        select ${keyOf('new.video_id')}, new.text;
    end`.execute(db);
  // Before the video goes: its rank key is still readable (the transcript then goes by cascade).
  await sql`
    create trigger videos_transcript_delete before delete on videos
    when exists (select 1 from transcripts where video_id = old.id) begin
      delete from transcripts_ranked where rowid = ${sql.raw(rankKey('old'))};
    end`.execute(db);
  await sql`
    create trigger videos_transcript_rekey after update of position, views on videos
    when (old.views <> new.views or old.position <> new.position)
      and exists (select 1 from transcripts where video_id = new.id) begin
      delete from transcripts_ranked where rowid = ${sql.raw(rankKey('old'))};
      insert into transcripts_ranked (rowid, text)
        select ${sql.raw(rankKey('new'))}, text from transcripts where video_id = new.id;
    end`.execute(db);
}
