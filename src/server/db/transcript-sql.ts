import { sql, type Kysely, type Transaction } from 'kysely';
import type { Transcript, TranscriptMoment } from '../../contract/entities';
import {
  characterCount,
  foldForSearch,
  isPlainAscii,
  TRIGRAM_LENGTH,
} from '../../api/catalogue/search-text';
import {
  findPackedMoment,
  packTranscript,
  unpackTranscript,
} from '../../api/catalogue/transcript-text';
import { StoreError } from '../../api/store/store-error';
import { likeContaining } from './folded-match';
import { insertChunks } from './migrations/0019-transcript-chunks';
import { ftsPhrase } from './ranked-matches';
import type { Database } from './schema';
import { positionOfKey, rankKey } from './search-rank';
import { CHUNK_OVERLAP, transcriptChunks } from './transcript-chunks';
import {
  afterKeysOf,
  CHECK_BATCH,
  ftsPhrases,
  leadingWord,
  MAX_LEADING_WORDS,
  postgresBounds,
  reversedEnding,
  sqliteBounds,
  TRANSCRIPTS_CHECKED,
  ftsPairs,
  searchPairs,
  searchTriples,
  tsPairs,
  tsWords,
  wordFilter,
} from '../../api/catalogue/transcript-words';
import { addWords } from './migrations/0021-transcript-vocabulary';

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

/**
 * Puts a transcript in place of the video's, its words added to the vocabulary (migration 0021);
 * StoreError notFound without such a video.
 */
export async function writeTranscript(
  trx: Transaction<Database>,
  transcript: Transcript,
  sqlite: boolean,
): Promise<void> {
  const text = await writeTranscriptRows(trx, transcript, sqlite);
  await addWords(trx, sqlite ? 'sqlite' : 'postgres', transcript.videoId, text);
}

/** The transcript's rows as migrations 0018–0020 keep them (its text, joined, is returned). */
export async function writeTranscriptRows(
  trx: Transaction<Database>,
  transcript: Transcript,
  sqlite: boolean,
): Promise<string> {
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
  if (sqlite) return text;
  // PostgreSQL's search rows (migration 0019): the old ones go, the new ones come.
  await trx.deleteFrom('transcript_chunks').where('video_id', '=', transcript.videoId).execute();
  const cueLengths = transcript.cues.map((cue) => cue.text.length);
  await insertChunks(trx, transcript.videoId, transcriptChunks(text, cueLengths));
  return text;
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
  // Words first (decision 0027): the transcripts that hold the search's words (its first word
  // asked by its end, migration 0021) are checked in views order until the search has its
  // matches. SQLite checks at most TRANSCRIPTS_CHECKED of them: when more hold the words and those
  // do not fill the matches, its trigram indexes below. PostgreSQL walks them all (postgresWalk).
  const leading = await leadingWords(db, sqlite, folded);
  // No word said ends with the search's first word: no transcript holds it.
  if (leading?.length === 0) return [];
  // Words between single spaces: their pairs first (migration 0022). SQLite's pair index holds
  // where each pair is said: with the first word asked, its answer is the search's, read most
  // viewed first and no further than `need`. PostgreSQL's holds which pairs a transcript says:
  // the answer of a search of two words, else a filter far narrower than words for common ones.
  const pairs = searchPairs(folded, leading);
  if (pairs?.exact && sqlite) {
    const { rows } = await sql<{ position: number }>`select
      ${sql.raw(positionOfKey('rowid'))} as position from transcripts_pairs
      where transcripts_pairs match ${ftsPairs(pairs)} order by rowid limit ${need}`.execute(db);
    return rows.map((row) => Number(row.position));
  }
  // PostgreSQL's pairs have no positions: three words or more are asked by their triples (0023),
  // the answer of a search of three words, else a filter far narrower than pairs of common words.
  if (pairs !== undefined && !sqlite) {
    const triples = searchTriples(folded, leading);
    const asked = triples ?? pairs;
    const filter = { query: tsPairs(asked), exact: asked.exact && asked.rest.length === 0 };
    return postgresWalk(db, filter, folded, need, triples ? 'triples' : 'pairs');
  }
  const words = sqlite ? undefined : wordFilter(folded, postgresBounds, leading);
  if (words !== undefined && characterCount(folded) <= CHUNK_OVERLAP) {
    return postgresWalk(db, { query: tsWords(words), exact: false }, folded, need, 'words');
  }
  const phrases = sqlite ? ftsPhrases(folded, leading) : undefined;
  if (phrases !== undefined) {
    const candidates = await sqliteWordCandidates(db, phrases);
    const matches = await checkedMatches(
      candidates.slice(0, TRANSCRIPTS_CHECKED),
      need,
      (batch) => sqliteHolding(db, folded, batch),
      candidates.length > TRANSCRIPTS_CHECKED,
    );
    if (matches.length === need || candidates.length <= TRANSCRIPTS_CHECKED) return matches;
  }
  if (sqlite) {
    const rare = await rareWordCandidates(db, folded);
    if (rare) return rareWordMatches(db, folded, rare, need);
    const { rows } = await sql<{ position: number }>`select
      ${sql.raw(positionOfKey('rowid'))} as position from transcripts_ranked
      where transcripts_ranked match ${ftsPhrase(folded)} order by rowid limit ${need}`.execute(db);
    return rows.map((row) => Number(row.position));
  }
  // The chunks (migration 0019) hold every text of up to CHUNK_OVERLAP characters whole; a longer
  // one (past the search's own bound, which folding may stretch) is looked for in whole texts.
  const { rows } =
    characterCount(folded) <= CHUNK_OVERLAP
      ? await sql<{ position: number }>`select v.position from videos v
          where v.id in (select c.video_id from transcript_chunks c
            where c.text_folded like ${likeContaining(folded)})
          order by v.views desc, v.position limit ${need}`.execute(db)
      : await sql<{ position: number }>`select v.position
          from transcripts t join videos v on v.id = t.video_id
          where codetube_fold(t.text) like ${likeContaining(folded)}
          order by v.views desc, v.position limit ${need}`.execute(db);
  return rows.map((row) => Number(row.position));
}

/**
 * The words said that end with the search's first word (migration 0021), when it is asked: the
 * search starts with a word, and at most MAX_LEADING_WORDS words said end with it, each in the word
 * index as it is (`plain`). Empty: no word said ends with it.
 */
async function leadingWords(
  db: Kysely<Database>,
  sqlite: boolean,
  folded: string,
): Promise<string[] | undefined> {
  const word = leadingWord(folded, sqlite ? sqliteBounds : postgresBounds);
  if (word === undefined) return undefined;
  const from = reversedEnding(word);
  const { rows } = await sql<{ reversed: string; plain: number | boolean }>`select reversed, plain
    from transcript_vocabulary where reversed >= ${from} and reversed < ${afterKeysOf(from)}
    order by reversed limit ${MAX_LEADING_WORDS + 1}`.execute(db);
  if (rows.length > MAX_LEADING_WORDS || rows.some((row) => !row.plain)) return undefined;
  return rows.map((row) => [...row.reversed].reverse().join(''));
}

/** A word-filtered search's candidate, most viewed first. */
interface Candidate {
  position: number;
  videoId: string;
  /** Known to hold the search (its index says so exactly): not checked. */
  holds?: boolean;
}

/**
 * The candidates checked, CHECK_BATCH at a time in their order (most viewed first), until `need`
 * of them hold the text. When more transcripts than these hold the words (`more`: the caller then
 * reads its trigram indexes unless these fill the matches), the checks stop as soon as the
 * share of candidates that held the text so far says the rest will not fill them.
 */
async function checkedMatches(
  candidates: Candidate[],
  need: number,
  holding: (batch: Candidate[]) => Promise<Set<string>>,
  more: boolean,
): Promise<number[]> {
  const matches: number[] = [];
  for (let start = 0; start < candidates.length && matches.length < need; start += CHECK_BATCH) {
    const batch = candidates.slice(start, start + CHECK_BATCH);
    const held = await holding(batch);
    for (const candidate of batch) {
      if (held.has(candidate.videoId)) matches.push(candidate.position);
      if (matches.length === need) break;
    }
    const checked = start + batch.length;
    const expected = (matches.length / checked) * (candidates.length - checked);
    if (more && matches.length < need && matches.length + expected < need) break;
  }
  return matches;
}

/** SQLite: up to TRANSCRIPTS_CHECKED + 1 transcripts holding the filter's words (rank key order). */
async function sqliteWordCandidates(db: Kysely<Database>, phrases: string): Promise<Candidate[]> {
  const { rows } = await sql<{ position: number; id: string }>`select w.position, v.id
    from (select ${sql.raw(positionOfKey('rowid'))} as position, rowid as key
      from transcripts_words where transcripts_words match ${phrases}
      order by rowid limit ${TRANSCRIPTS_CHECKED + 1}) w
    join videos v on v.position = w.position order by w.key`.execute(db);
  return rows.map((row) => ({ position: Number(row.position), videoId: row.id }));
}

/** Which of these videos' transcripts hold `folded` (checked here, folded as the search is). */
async function sqliteHolding(
  db: Kysely<Database>,
  folded: string,
  batch: Candidate[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('transcripts')
    .select(['video_id', 'text'])
    .where(
      'video_id',
      'in',
      batch.map((candidate) => candidate.videoId),
    )
    .execute();
  const held = new Set<string>();
  for (const row of rows) {
    const text = isPlainAscii(row.text) ? row.text.toLowerCase() : foldForSearch(row.text);
    if (text.includes(folded)) held.add(row.video_id);
  }
  return held;
}

/** PostgreSQL's tsvector columns of a transcript's words (0020), pairs (0022) and triples (0023). */
type PostgresColumn = 'words' | 'pairs' | 'triples';

/** PostgreSQL's filter of a search: a tsquery's text on one of the columns, exact or not. */
interface PostgresFilter {
  query: string;
  /** The column's answer is the search's (a search of two words on `pairs`). */
  exact: boolean;
}

/**
 * PostgreSQL: transcripts whose words (`transcripts.words`, migration 0020) or pairs (0022) hold
 * the filter's, or that keep none, most viewed first; those whose pairs answer an exact filter
 * come as holding the search.
 */
async function postgresWordCandidates(
  db: Kysely<Database>,
  filter: PostgresFilter,
  column: PostgresColumn,
  offset: number,
  limit: number,
): Promise<Candidate[]> {
  const indexed = sql.ref(`t.${column}`);
  // The transcripts' rows are small (their text, words and pairs are TOASTed), so the planner
  // takes a scan of the table for cheap, and it unpacks every transcript's words or pairs
  // (~30–100 KB an hour) to match them: 0.2–0.9 s at 1,000 transcripts, where their GIN index
  // answers from its lists (15–35 ms). So this one query is planned without scans of a table or
  // of an index in its order (it took the primary key's, unpacking them all just the same): its
  // candidates come from the GIN index, their videos by key.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    return sql<{ position: number; id: string; indexed: boolean }>`select
        v.position, v.id, ${indexed} is not null as indexed
      from transcripts t join videos v on v.id = t.video_id
      where (${indexed} @@ ${filter.query}::tsquery or ${indexed} is null)
      order by v.views desc, v.position limit ${limit} offset ${offset}`.execute(trx);
  });
  return rows.map((row) => ({
    position: Number(row.position),
    videoId: row.id,
    ...(filter.exact && row.indexed ? { holds: true } : {}),
  }));
}

/** Candidates PostgreSQL reads at a time past the first TRANSCRIPTS_CHECKED. */
const POSTGRES_WALK_PAGE = 1_000;

/**
 * PostgreSQL: the transcripts whose words or pairs hold the filter's (no positions: a phrase of
 * common words may have most transcripts for candidates), checked in views order until the
 * search has its matches, a page of candidates at a time (those an exact filter answers are not
 * checked). Checking a candidate looks through its windows by key
 * until one holds the text (~0.2 ms); the trigram index of the windows narrows nothing for such
 * a phrase and rechecks every window, so this walk costs at most what it did, and stops early.
 */
async function postgresWalk(
  db: Kysely<Database>,
  filter: PostgresFilter,
  folded: string,
  need: number,
  column: PostgresColumn,
): Promise<number[]> {
  const matches: number[] = [];
  let offset = 0;
  let page = TRANSCRIPTS_CHECKED;
  for (;;) {
    const candidates = await postgresWordCandidates(db, filter, column, offset, page);
    const found = await checkedMatches(
      candidates,
      need - matches.length,
      (batch) => postgresHolding(db, folded, batch),
      false,
    );
    matches.push(...found);
    if (matches.length >= need || candidates.length < page) return matches;
    offset += page;
    page = POSTGRES_WALK_PAGE;
  }
}

/**
 * Which of these videos' transcripts hold `folded`: a window of one of them does (0019), looked
 * for in each video's windows in order until one does.
 */
async function postgresHolding(
  db: Kysely<Database>,
  folded: string,
  batch: Candidate[],
): Promise<Set<string>> {
  const held = new Set(batch.filter((each) => each.holds).map((each) => each.videoId));
  const unknown = batch.filter((each) => !each.holds).map((each) => each.videoId);
  if (unknown.length === 0) return held;
  const { rows } = await sql<{ video_id: string }>`select b.id as video_id
    from unnest(${unknown}::text[]) as b (id)
    where exists (select 1 from transcript_chunks c
      where c.video_id = b.id and strpos(c.text_folded, ${folded}) > 0)`.execute(db);
  for (const row of rows) held.add(row.video_id);
  return held;
}

/**
 * Where the transcripts of the videos at these positions first say `folded` (folded by
 * foldForSearch), by position; a position whose transcript does not say it is left out.
 */
export async function transcriptMoments(
  db: Kysely<Database>,
  positions: number[],
  folded: string,
): Promise<Map<number, TranscriptMoment>> {
  const found = new Map<number, TranscriptMoment>();
  if (positions.length === 0) return found;
  const rows = await db
    .selectFrom('transcripts')
    .innerJoin('videos', 'videos.id', 'transcripts.video_id')
    .select(['videos.position', 'transcripts.video_id', 'transcripts.text', 'transcripts.timing'])
    .where('videos.position', 'in', positions)
    .execute();
  for (const row of rows) {
    const moment = findPackedMoment(row.video_id, row, folded);
    if (moment) found.set(Number(row.position), moment);
  }
  return found;
}

/**
 * A word of a search said in at most this many transcripts is rare enough to find the search's
 * transcript matches through: those transcripts are checked for the whole text one by one.
 */
const RARE_WORD_TRANSCRIPTS = 50;

/**
 * SQLite: FTS5 finds a phrase by stepping through the position lists of all its trigrams
 * together, and in hour-long transcripts a common trigram's list is long: a phrase that holds a
 * rare word but is said nowhere (`the closure zq`) read them all (hundreds of ms at a thousand
 * transcripts). As for the catalogue's texts (ranked-matches.ts), each word of at least three
 * characters is first looked up alone, up to RARE_WORD_TRANSCRIPTS + 1 transcripts; the positions
 * of the rarest word's transcripts, most viewed first, when it is that rare.
 */
async function rareWordCandidates(
  db: Kysely<Database>,
  folded: string,
): Promise<number[] | undefined> {
  const words = [...new Set(folded.split(/\s+/))].filter(
    (word) => characterCount(word) >= TRIGRAM_LENGTH && word !== folded,
  );
  if (words.length === 0) return undefined;
  const firsts = words.map(
    (word, index) => sql`select ${index} as word, key, ${sql.raw(positionOfKey('key'))} as position
      from (select rowid as key from transcripts_ranked where transcripts_ranked
        match ${ftsPhrase(word)} order by rowid limit ${RARE_WORD_TRANSCRIPTS + 1})`,
  );
  const { rows } = await sql<{ word: number; position: number }>`select word, position
    from (${sql.join(firsts, sql` union all `)}) order by word, key`.execute(db);
  const found: number[][] = words.map(() => []);
  for (const row of rows) found[Number(row.word)]?.push(Number(row.position));
  let rarest: number[] | undefined;
  for (const positions of found) {
    if (
      positions.length <= RARE_WORD_TRANSCRIPTS &&
      positions.length < (rarest?.length ?? Infinity)
    )
      rarest = positions;
  }
  return rarest;
}

/** The candidates (positions, most viewed first) whose transcript holds the whole text. */
async function rareWordMatches(
  db: Kysely<Database>,
  folded: string,
  candidates: number[],
  need: number,
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const rows = await db
    .selectFrom('transcripts')
    .innerJoin('videos', 'videos.id', 'transcripts.video_id')
    .select(['videos.position', 'transcripts.text'])
    .where('videos.position', 'in', candidates)
    .execute();
  const texts = new Map(rows.map((row) => [Number(row.position), row.text]));
  const matches: number[] = [];
  for (const position of candidates) {
    const text = texts.get(position);
    if (text === undefined) continue;
    // Plain ASCII: FTS5 only lower-cases it too. Beyond it, FTS5 is asked for this one video.
    const holds =
      isPlainAscii(text) && isPlainAscii(folded)
        ? text.toLowerCase().includes(folded)
        : await sql<{ found: number }>`select 1 as found from transcripts_ranked
            where transcripts_ranked match ${ftsPhrase(folded)}
            and rowid = (select ${sql.raw(rankKey('videos'))} from videos where position = ${position})
            limit 1`
            .execute(db)
            .then((result) => result.rows.length > 0);
    if (holds) matches.push(position);
    if (matches.length === need) break;
  }
  return matches;
}
