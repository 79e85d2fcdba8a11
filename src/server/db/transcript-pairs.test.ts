import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { foldForSearch } from '../../api/catalogue/search-text';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { talk } from '../testing/migration-upgrade';
import type { OpenOptions } from './open-database';
import { transcriptMatches } from './transcript-sql';

const stores = [
  { name: 'SQLite', open: (options: OpenOptions) => openSqliteTestStore(undefined, options) },
  {
    name: 'PostgreSQL',
    open: (options: OpenOptions) =>
      openPostgresTestStore(inject('postgresUrl'), undefined, options),
  },
];

/**
 * A search of words between single spaces is answered by the pair index (migration 0022): SQLite's
 * pairs are said where the search is (positions), PostgreSQL's answer a search of two words, its
 * triples (0023) one of three. No transcript's text or window is read to check it, however many
 * transcripts say its words.
 */
describe.each(stores)('transcript search by pairs of words on $name', ({ name, open }) => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  const statements: string[] = [];
  const videos: Video[] = Array.from({ length: 60 }, (_, index) => talk(`pair-${index}`, index));

  beforeAll(async () => {
    opened = await open({ onStatement: (sql) => statements.push(sql) });
    await opened.store.upsertVideos(videos);
    for (const [index, video] of videos.entries()) {
      // Every transcript says each word and each pair; every third says them one after the other.
      const text = index % 3 === 0 ? 'so this and that' : 'so this. This and that, so';
      await opened.store.putTranscript({ videoId: video._id, cues: [{ start: 0, end: 4, text }] });
    }
  }, 60_000);
  afterAll(() => opened.close());

  const matchesOf = async (q: string) => {
    statements.length = 0;
    const positions = await transcriptMatches(
      opened.database.db,
      opened.database.dialect === 'sqlite',
      foldForSearch(q),
      100,
    );
    return { positions, sent: [...statements] };
  };
  // A transcript's text, a window of it, or its trigram index read.
  const reads = (sent: string[]) =>
    sent.filter((statement) => /transcript_chunks|transcripts_ranked|\btext\b/.test(statement));
  const mostViewedFirst = (positions: number[]) => [...positions].sort((a, b) => b - a);

  it('reads no transcript to answer a search of two words', async () => {
    const { positions, sent } = await matchesOf('this and');
    expect(positions).toHaveLength(videos.length);
    expect(positions).toEqual(mostViewedFirst(positions));
    expect(reads(sent)).toEqual([]);
  });

  it.runIf(name === 'PostgreSQL')(
    'reads the candidates off the index, never by scanning',
    async () => {
      // The transcripts' rows are small (their values TOASTed): planned freely, the candidates'
      // query scanned the table and unpacked every transcript's pairs (EXPLAIN, docs/transcripts.md).
      const { sent } = await matchesOf('so this and');
      const candidates = sent.findIndex((statement) => /"t"\."\w+" @@/.test(statement));
      expect(candidates).toBeGreaterThan(1);
      expect(sent.slice(candidates - 2, candidates)).toEqual([
        'set local enable_seqscan = off',
        'set local enable_indexscan = off',
      ]);
    },
  );

  // PostgreSQL's pairs have no positions: its triples (migration 0023) answer three words.
  it('reads no transcript to answer a search of three words', async () => {
    const { positions, sent } = await matchesOf('so this and');
    expect(positions).toHaveLength(videos.length / 3);
    expect(positions).toEqual(mostViewedFirst(positions));
    expect(reads(sent)).toEqual([]);
    expect((await matchesOf('this and that, so')).positions).toHaveLength((videos.length * 2) / 3);
  });
});
