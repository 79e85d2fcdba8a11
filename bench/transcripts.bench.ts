import { sql } from 'kysely';
import type { Video } from '../src/contract/entities';
import { generateVideos } from '../src/api/seed/generated-videos';
import { openPostgresTestStore, openSqliteTestStore } from '../src/server/testing/open-test-store';
import { startPostgres } from './lib/postgres';
import { benchPhrases, singleWords, transcriptOf } from './lib/spoken-text';
import { fmt, printGoal, printLine } from './lib/report';
import { percentile } from './lib/stats';

/**
 * Issue 31's figures, on the stores themselves (SQLite and PostgreSQL): TRANSCRIPTS one-hour
 * transcripts (~9,000 words in ~900 lines each, generated) put into a catalogue of VIDEOS, then the
 * results page's search over 300 phrases (half taken from the transcripts, half likely said
 * nowhere), cold and repeated, and the read of one whole transcript. TRANSCRIPTS=5000 is the
 * issue's size (minutes and a few GB on SQLite: run it on a quiet machine).
 *
 * The generated speech (lib/spoken-text.ts) has a vocabulary of 8,000 words with Zipf-like
 * frequencies. Until 2026-11-29 it was built from 12 syllables, so every trigram was in every
 * transcript: no index could narrow any search, which measured a text no one speaks rather than
 * the indexes. Real speech has a few very common words and a long tail of rare ones; the
 * phrases keep both kinds (phrases of only common words, found and not, are the costly case).
 */
const POSTGRES_PORTS = [4570, 4579] as const;
const TRANSCRIPTS = Number(process.env.TRANSCRIPTS ?? 5_000);
const VIDEOS = Number(process.env.TRANSCRIPT_VIDEOS ?? Math.max(20_000, TRANSCRIPTS));
const PHRASES = Number(process.env.TRANSCRIPT_PHRASES ?? 300);
const PAGE = { offset: 0, limit: 24 };

type Opened = Awaited<ReturnType<typeof openSqliteTestStore>>;

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

    const texts = benchPhrases(PHRASES, TRANSCRIPTS);
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
    const slowest = cold.indexOf(Math.max(...cold));
    printLine(
      `${name}: cold p50 ${fmt(percentile(cold, 50), 1)} ms, slowest ${fmt(cold[slowest] ?? 0, 1)} ms ` +
        `(${JSON.stringify(texts[slowest])}); said-somewhere half p95 ` +
        `${fmt(percentile(cold.slice(0, texts.length / 2), 95), 1)} ms, other half ` +
        `${fmt(percentile(cold.slice(texts.length / 2), 95), 1)} ms`,
    );
    printGoal(`${name} transcript search p95, cold`, percentile(cold, 95), 50, 'at-most', ' ms', 1);
    printGoal(
      `${name} transcript search p95, repeated`,
      percentile(repeated, 95),
      30,
      'at-most',
      ' ms',
      1,
    );
    // Not the goal: searches of one word, which no word index narrows (the trigram indexes).
    const single: number[] = [];
    for (const text of singleWords(60)) {
      const at = performance.now();
      await opened.store.searchVideos(text, PAGE);
      single.push(performance.now() - at);
    }
    printLine(
      `${name}: one-word searches (60, half misspelt) cold p50 ${fmt(percentile(single, 50), 1)} ms, ` +
        `p95 ${fmt(percentile(single, 95), 1)} ms, slowest ${fmt(Math.max(...single), 1)} ms`,
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
