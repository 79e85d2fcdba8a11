import { sql, type Kysely, type Transaction } from 'kysely';
import type { Transcript, TranscriptMoment } from '../../contract/entities';
import { findMoment, packTranscript, unpackTranscript } from '../../api/catalogue/transcript-text';
import { StoreError } from '../../api/store/store-error';
import { likeContaining } from './folded-match';
import { ftsPhrase } from './ranked-matches';
import type { Database } from './schema';
import { positionOfKey } from './search-rank';

/**
 * Transcripts in SQL (migration 0018): one row per video, read whole by its key; the results
 * page's transcript group read off the index most viewed first (docs/transcripts.md).
 */

/** A video's transcript, or undefined. */
export async function readTranscript(
  db: Kysely<Database>,
  videoId: string,
): Promise<Transcript | undefined> {
  const row = await db
    .selectFrom('transcripts')
    .select(['language', 'text', 'timing'])
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  if (!row) return undefined;
  const cues = unpackTranscript(row);
  return row.language === null ? { videoId, cues } : { videoId, language: row.language, cues };
}

/** Puts a transcript in place of the video's; StoreError notFound without such a video. */
export async function writeTranscript(
  trx: Transaction<Database>,
  transcript: Transcript,
): Promise<void> {
  const video = await trx
    .selectFrom('videos')
    .select('id')
    .where('id', '=', transcript.videoId)
    .executeTakeFirst();
  if (!video) throw StoreError.notFound('video');
  const { text, timing } = packTranscript(transcript.cues);
  const language = transcript.language ?? null;
  await trx
    .insertInto('transcripts')
    .values({ video_id: transcript.videoId, language, text, timing })
    .onConflict((conflict) => conflict.column('video_id').doUpdateSet({ language, text, timing }))
    .execute();
}

/** Whether the video has a transcript. */
export async function hasTranscript(db: Kysely<Database>, videoId: string): Promise<boolean> {
  const row = await db
    .selectFrom('transcripts')
    .select('video_id')
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the videos with a transcript, in catalogue order. */
export async function transcriptVideoIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('transcripts')
    .innerJoin('videos', 'videos.id', 'transcripts.video_id')
    .select('videos.id')
    .orderBy('videos.position')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The positions of the first `need` videos whose transcript holds `folded`, most viewed first.
 * SQLite reads them straight off `transcripts_ranked` (rowid = rank key) and stops at `need`;
 * PostgreSQL finds every transcript holding it through the trigram index and sorts those by views
 * (bounded by the number of transcripts, not by the catalogue's size).
 */
export async function transcriptMatches(
  db: Kysely<Database>,
  sqlite: boolean,
  folded: string,
  need: number,
): Promise<number[]> {
  if (sqlite) {
    const { rows } = await sql<{ position: number }>`select
      ${sql.raw(positionOfKey('rowid'))} as position from transcripts_ranked
      where transcripts_ranked match ${ftsPhrase(folded)} order by rowid limit ${need}`.execute(db);
    return rows.map((row) => Number(row.position));
  }
  const { rows } = await sql<{ position: number }>`select v.position
    from transcripts t join videos v on v.id = t.video_id
    where t.text_folded like ${likeContaining(folded)}
    order by v.views desc, v.position limit ${need}`.execute(db);
  return rows.map((row) => Number(row.position));
}

/**
 * Where the transcripts of the videos at these positions first say `folded` (folded by
 * foldForSearch), in no particular order.
 */
export async function transcriptMoments(
  db: Kysely<Database>,
  positions: number[],
  folded: string,
): Promise<TranscriptMoment[]> {
  if (positions.length === 0) return [];
  const rows = await db
    .selectFrom('transcripts')
    .innerJoin('videos', 'videos.id', 'transcripts.video_id')
    .select(['transcripts.video_id', 'transcripts.text', 'transcripts.timing'])
    .where('videos.position', 'in', positions)
    .execute();
  return rows.flatMap((row) => findMoment(row.video_id, unpackTranscript(row), folded) ?? []);
}
