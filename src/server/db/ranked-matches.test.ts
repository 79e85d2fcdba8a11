import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { foldForSearch } from '../../api/catalogue/search-text';
import { generateVideos } from '../../api/seed/generated-videos';
import { openSqliteTestStore } from '../testing/open-test-store';
import { ftsPhrase, RARE_WORD_MATCHES, rankedMatches, type RankedTable } from './ranked-matches';
import { positionOfKey } from './search-rank';

const tables: RankedTable[] = ['videos_title_ranked', 'videos_rest_ranked'];

/** More made-up lessons than RARE_WORD_MATCHES: `lesson`, `about`, `welcome` are common words. */
const LESSONS = RARE_WORD_MATCHES + 60;

const extra = (id: string, title: string, description: string, views: number): Video => ({
  _id: id,
  title,
  channelName: 'Crème Académie',
  views,
  uploadedOn: '2024-01-01',
  avatar: 'https://example.com/a.png',
  description,
  categoryName: 'CSS',
});

describe('ranked matches through a rare word', () => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;

  beforeAll(async () => {
    opened = await openSqliteTestStore();
    await opened.store.upsertVideos([
      ...generateVideos(LESSONS),
      extra('x1', 'Lesson 12 recap', 'the lesson 12 we promised', 40),
      extra('x2', '12 lesson recap', 'lesson twelve, not lesson 12x', 50),
      extra('x3', 'Crème brûlée lesson 12', 'CRÈME BRÛLÉE Lesson 12 in Ünïcödé', 30),
      extra('x4', 'lesson  12 spaced', 'lesson\t12 tabbed', 20),
      extra('x5', 'Straße lesson 12', 'STRASSE lesson 12 Straße', 10),
    ]);
  });
  afterAll(() => opened.close());

  /** What FTS5 answers for the whole phrase, read as before: the reference. */
  async function phrase(table: RankedTable, folded: string, need: number): Promise<number[]> {
    const { rows } = await sql<{ position: number }>`select
      ${sql.raw(positionOfKey('rowid'))} as position from ${sql.table(table)}
      where ${sql.table(table)} match ${ftsPhrase(folded)} order by rowid limit ${need}`.execute(
      opened.database.db,
    );
    return rows.map((row) => Number(row.position));
  }

  const searches = [
    'lesson 12',
    'Lesson 12 recap',
    'lesson 127 about',
    'generated lesson 201 about',
    'crème brûlée lesson',
    'CRÈME brûlée',
    'académie lesson 12',
    'straße lesson',
    'strasse lesson 12',
    'lesson 12x',
    'lesson about',
    'about css',
    'welcome the idea',
    '0:00 welcome',
    'lesson "12"',
    'no such words here',
  ];

  it('answers what the whole phrase answers, in the same order, for every table and need', async () => {
    for (const table of tables) {
      for (const search of searches) {
        const folded = foldForSearch(search);
        for (const need of [1, 3, 1001]) {
          expect(await rankedMatches(opened.database.db, table, folded, need), search).toEqual(
            await phrase(table, folded, need),
          );
        }
      }
    }
  });

  it('finds the matches of a rare word among common ones', async () => {
    const found = await rankedMatches(
      opened.database.db,
      'videos_rest_ranked',
      foldForSearch('generated lesson 127 about'),
      1001,
    );
    expect(found).toHaveLength(1);
    const [video] = await opened.database.db
      .selectFrom('videos')
      .select('id')
      .where('position', '=', found[0]!)
      .execute();
    expect(video?.id).toBe('gen-000127');
  });
});
