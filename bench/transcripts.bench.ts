import { sql } from 'kysely';
import type { TranscriptCue, Video } from '../src/contract/entities';
import { generateVideos } from '../src/api/seed/generated-videos';
import { openPostgresTestStore, openSqliteTestStore } from '../src/server/testing/open-test-store';
import { startPostgres } from './lib/postgres';
import { fmt, printGoal, printLine } from './lib/report';
import { percentile } from './lib/stats';

/**
 * Issue 31's figures, on the stores themselves (SQLite and PostgreSQL): TRANSCRIPTS one-hour
 * transcripts (~9,000 words in ~900 lines each, generated) put into a catalogue of VIDEOS, then the
 * results page's search over 300 phrases (half said somewhere, half never), cold and repeated, and
 * the read of one whole transcript. TRANSCRIPTS=5000 is the issue's size (minutes and a few GB on
 * SQLite: run it on a quiet machine).
 */
const POSTGRES_PORTS = [4570, 4579] as const;
const TRANSCRIPTS = Number(process.env.TRANSCRIPTS ?? 5_000);
const VIDEOS = Number(process.env.TRANSCRIPT_VIDEOS ?? Math.max(20_000, TRANSCRIPTS));
const WORDS_PER_HOUR = 9_000;
const WORDS_PER_LINE = 10;
const PHRASES = Number(process.env.TRANSCRIPT_PHRASES ?? 300);
const PAGE = { offset: 0, limit: 24 };

type Opened = Awaited<ReturnType<typeof openSqliteTestStore>>;

/** A small deterministic generator (mulberry32): the same transcripts on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A vocabulary of 4,000 made-up words, a few very common (as speech has: the, a, to …). */
const VOCABULARY = (() => {
  const next = random(7);
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vi', 'po', 'den', 'ar', 'el', 'nu'];
  const words = ['the', 'a', 'to', 'and', 'of', 'is', 'we', 'this', 'that', 'function'];
  while (words.length < 4_000) {
    const length = 2 + Math.floor(next() * 3);
    words.push(
      Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(''),
    );
  }
  return words;
})();

/** A word, the common ones far more often (a rough Zipf). */
function word(next: () => number) {
  const index = Math.floor(VOCABULARY.length * next() ** 3);
  return VOCABULARY[index]!;
}

function transcriptOf(seed: number): TranscriptCue[] {
  const next = random(seed);
  const cues: TranscriptCue[] = [];
  const lines = WORDS_PER_HOUR / WORDS_PER_LINE;
  for (let line = 0; line < lines; line += 1) {
    const words = Array.from({ length: WORDS_PER_LINE }, () => word(next));
    cues.push({ start: line * 4, end: line * 4 + 4, text: words.join(' ') });
  }
  return cues;
}

/** Half the phrases taken from transcripts (found), half made of words never put together. */
function phrases(): string[] {
  const next = random(99);
  const found: string[] = [];
  for (let index = 0; found.length < PHRASES / 2; index += 1) {
    const cues = transcriptOf(1 + Math.floor(next() * TRANSCRIPTS));
    const cue = cues[Math.floor(next() * cues.length)]!;
    const words = cue.text.split(' ');
    const at = Math.floor(next() * (words.length - 2));
    found.push(words.slice(at, at + 2 + Math.floor(next() * 2)).join(' '));
  }
  const missing = Array.from(
    { length: PHRASES / 2 },
    (_, index) => `${word(next)} ${word(next)} zq${index.toString(36)}x`,
  );
  return [...found, ...missing];
}

/** The database's size in bytes (SQLite: its pages; PostgreSQL: pg_database_size). */
async function sizeOf(opened: Opened): Promise<number> {
  const { db } = opened.database;
  const { rows } =
    opened.database.dialect === 'sqlite'
      ? await sql<{ size: number }>`select page_count * page_size as size
          from pragma_page_count(), pragma_page_size()`.execute(db)
      : await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(
          db,
        );
  return Number(rows[0]?.size ?? 0);
}

async function onStore(name: string, open: () => Promise<Opened>) {
  const opened = await open();
  try {
    const videos: Video[] = [...generateVideos(VIDEOS)];
    for (let start = 0; start < videos.length; start += 5_000) {
      await opened.store.upsertVideos(videos.slice(start, start + 5_000));
    }
    const before = await sizeOf(opened);
    let peakRss = process.memoryUsage().rss;
    const started = performance.now();
    for (let index = 0; index < TRANSCRIPTS; index += 1) {
      const video = videos[Math.floor((index * VIDEOS) / TRANSCRIPTS)]!;
      await opened.store.putTranscript({ videoId: video._id, cues: transcriptOf(index + 1) });
      if (index % 100 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const importSeconds = (performance.now() - started) / 1000;
    if (opened.database.dialect === 'postgres') await sql`analyze`.execute(opened.database.db);
    const added = (await sizeOf(opened)) - before;
    printLine(
      `${name}: ${TRANSCRIPTS.toLocaleString('en')} one-hour transcripts in a catalogue of ` +
        `${VIDEOS.toLocaleString('en')}: imported in ${fmt(importSeconds, 1)} s ` +
        `(${fmt(TRANSCRIPTS / importSeconds, 1)} transcript hours a second), ` +
        `process peak RSS ${fmt(peakRss / 2 ** 20, 0)} MB, database +${fmt(added / TRANSCRIPTS / 1024, 0)} KB per transcript hour`,
    );

    const texts = phrases();
    const cold: number[] = [];
    const repeated: number[] = [];
    let found = 0;
    for (const text of texts) {
      let at = performance.now();
      const page = await opened.store.searchVideos(text, PAGE);
      cold.push(performance.now() - at);
      if ((page.moments?.length ?? 0) > 0) found += 1;
      at = performance.now();
      await opened.store.searchVideos(text, PAGE);
      repeated.push(performance.now() - at);
    }
    printLine(`${name}: ${found} of ${texts.length} phrases found in transcripts`);
    printGoal(`${name} transcript search p95, cold`, percentile(cold, 95), 50, 'at-most', ' ms', 1);
    printGoal(
      `${name} transcript search p95, repeated`,
      percentile(repeated, 95),
      30,
      'at-most',
      ' ms',
      1,
    );
    const reads: number[] = [];
    for (let index = 0; index < (TRANSCRIPTS > 0 ? 100 : 0); index += 1) {
      const video = videos[Math.floor((((index * 37) % TRANSCRIPTS) * VIDEOS) / TRANSCRIPTS)]!;
      const at = performance.now();
      const transcript = await opened.store.getTranscript(video._id);
      reads.push(performance.now() - at);
      if (!transcript) throw new Error(`no transcript for ${video._id}`);
    }
    printGoal(
      `${name} one-hour transcript read p95`,
      percentile(reads, 95),
      10,
      'at-most',
      ' ms',
      1,
    );
  } finally {
    await opened.close();
  }
}

/** TRANSCRIPT_STORES=sqlite (or postgres): one store only. */
const STORES = (process.env.TRANSCRIPT_STORES ?? 'sqlite,postgres').split(',');

export async function run(): Promise<void> {
  if (STORES.includes('sqlite')) await onStore('sqlite', () => openSqliteTestStore());
  if (!STORES.includes('postgres')) return;
  const postgres = await startPostgres(POSTGRES_PORTS);
  try {
    const server = postgres.url.replace(/\/[^/]*$/, '/postgres');
    await onStore('postgres', () => openPostgresTestStore(server));
  } finally {
    await postgres.stop();
  }
}
