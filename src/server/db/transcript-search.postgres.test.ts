import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { openPostgresTestStore } from '../testing/open-test-store';
import { likeContaining } from './folded-match';

/**
 * PostgreSQL's transcript search (migration 0019): hour-long transcripts are searched in rows of
 * a window of lines each, small enough to stay in the table's own pages, through their trigram
 * index. On whole transcripts (one TOASTed ~65 KB value each) the planner costed the table by its
 * few heap pages and scanned and unpacked every transcript for every search.
 */
describe('transcript search on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestStore>>;
  const statements: string[] = [];
  const TRANSCRIPTS = 40;
  const line = (video: number, index: number) =>
    Array.from({ length: 10 }, (_, word) => `w${(index * 7 + word) % 400}x`).join(' ') +
    (index === 450 ? ` rare${video}word` : '');

  beforeAll(async () => {
    opened = await openPostgresTestStore(inject('postgresUrl'), undefined, {
      onStatement: (text) => statements.push(text),
    });
    const videos: Video[] = Array.from({ length: TRANSCRIPTS }, (_, index) => ({
      _id: `ts-${index}`,
      title: `Talk ${index}`,
      channelName: 'Talks',
      views: index,
      uploadedOn: '2024-01-01',
      avatar: '',
      description: '',
      categoryName: 'Misc',
    }));
    await opened.store.upsertVideos(videos);
    for (let video = 0; video < TRANSCRIPTS; video += 1) {
      await opened.store.putTranscript({
        videoId: `ts-${video}`,
        cues: Array.from({ length: 900 }, (_, index) => ({
          start: index * 4,
          end: index * 4 + 4,
          text: line(video, index),
        })),
      });
    }
    await sql`analyze`.execute(opened.database.db);
  }, 120_000);
  afterAll(() => opened.close());

  it('keeps each search row in the table’s own pages (no TOASTed whole transcripts)', async () => {
    const { rows } = await sql<{ rows: string; widest: number }>`select count(*) as rows,
      max(octet_length(text_folded)) as widest from transcript_chunks`.execute(opened.database.db);
    expect(Number(rows[0]!.rows)).toBeGreaterThan(TRANSCRIPTS * 20);
    expect(Number(rows[0]!.widest)).toBeLessThan(2_000);
  });

  it('finds a rare phrase through the trigram index, not by reading every transcript', async () => {
    statements.length = 0;
    const page = await opened.store.searchVideos('rare17word', { offset: 0, limit: 24 });
    expect(page.videos.map((video) => video._id)).toEqual(['ts-17']);
    expect(page.moments?.[0]).toMatchObject({ videoId: 'ts-17', start: 1800 });
    const search = statements.find((text) => /transcript/.test(text) && /like/.test(text));
    expect(search).toBeDefined();
    const parameters = [likeContaining('rare17word'), 100].slice(
      0,
      (search!.match(/\$\d+/g) ?? []).length,
    );
    const plan = await opened.database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${search!}`, parameters),
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Bitmap Index Scan on transcript_chunks_trgm/);
    expect(text).not.toMatch(/Seq Scan on transcripts/);
  });

  it('drops a transcript’s search rows with it', async () => {
    await opened.store.removeTranscript('ts-3');
    const { rows } = await sql<{ rows: string }>`select count(*) as rows from transcript_chunks
      where video_id = 'ts-3'`.execute(opened.database.db);
    expect(Number(rows[0]!.rows)).toBe(0);
  });
});
