import { sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import type { SqlDialectName } from '../dialect';
import { cueLengthsOf, transcriptChunks } from '../transcript-chunks';

/**
 * PostgreSQL's transcript search, in chunks (docs/transcripts.md). Migration 0018 kept each
 * transcript's folded text whole (`text_folded`, ~65 KB an hour, TOASTed) with a trigram index;
 * the planner costed the table by its few heap pages and scanned it instead (every transcript
 * unpacked and scanned with LIKE: 109–670 ms at 300 transcripts), and where it took the index, a
 * common phrase's candidates were whole transcripts to recheck. Now: `transcript_chunks`, one row
 * per window of cues (transcript-chunks.ts: ~1,200 characters with a 400-character overlap, so a
 * search lies whole in one), folded, with a trigram index; `text_folded` and its index go. SQLite
 * is unchanged (its FTS5 table, 0018).
 */
export function transcriptChunksMigration(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table transcript_chunks (
        video_id text not null references transcripts (video_id) on delete cascade,
        chunk integer not null,
        text_folded text not null,
        primary key (video_id, chunk)
      )`.execute(db);
      // Transcripts already there: chunked here, a transcript at a time.
      const { rows } = await sql<{ video_id: string }>`select video_id from transcripts`.execute(
        db,
      );
      for (const { video_id: videoId } of rows) {
        const { rows: found } = await sql<{ text: string; timing: string }>`select text, timing
          from transcripts where video_id = ${videoId}`.execute(db);
        const row = found[0];
        if (row)
          await insertChunks(db, videoId, transcriptChunks(row.text, cueLengthsOf(row.timing)));
      }
      // fastupdate off: a transcript's rows go straight into the index, not into a pending list
      // that every search would read whole until a vacuum empties it (and that the planner
      // costs so high it scans the table instead).
      await sql`create index transcript_chunks_trgm on transcript_chunks
        using gin (text_folded gin_trgm_ops) with (fastupdate = off)`.execute(db);
      await sql`drop index transcripts_text_folded_trgm`.execute(db);
      await sql`alter table transcripts drop column text_folded`.execute(db);
    },
  };
}

/** Rows a chunk insert writes at once (3 parameters each). */
const CHUNKS_AT_ONCE = 500;

/** Writes a transcript's chunks, folded by the database (codetube_fold, as the titles are). */
export async function insertChunks(
  db: QueryExecutorProvider,
  videoId: string,
  chunks: readonly string[],
): Promise<void> {
  for (let start = 0; start < chunks.length; start += CHUNKS_AT_ONCE) {
    const values = chunks
      .slice(start, start + CHUNKS_AT_ONCE)
      .map((text, offset) => sql`(${videoId}, ${start + offset}, codetube_fold(${text}))`);
    await sql`insert into transcript_chunks (video_id, chunk, text_folded)
      values ${sql.join(values)}`.execute(db);
  }
}
