import { sql } from 'kysely';
import { expect } from 'vitest';
import { describeUpgrade, talk } from '../testing/migration-upgrade';

/**
 * Transcripts written before migration 0023 get their triples of words on PostgreSQL (SQLite's
 * pairs hold their positions: it has nothing to add), and are found by three words or more after
 * it as before.
 */
describeUpgrade(
  'migration 0023 on transcripts stored before it',
  '0022-transcript-pairs',
  'indexes the triples of words of the transcripts already there',
  async (old) => {
    await old.addVideos([talk('low', 5), talk('high', 50)]);
    const said = (videoId: string, text: string) =>
      old.writeTranscript({ videoId, cues: [{ start: 4, end: 9, text }] }, 'vocabulary');
    await said('low', 'So this and that said once, so');
    await said('high', 'so this. This and that, so this  and');

    const store = await old.upgrade();
    if (old.dialect === 'postgres') {
      const holding = async (query: string) => {
        const { rows } = await sql<{ video_id: string }>`select video_id from transcripts
          where triples @@ ${query}::tsquery order by video_id`.execute(old.database.db);
        return rows.map((row) => row.video_id);
      };
      expect(await holding('so_this_and')).toEqual(['low']);
      expect(await holding('this_and_that')).toEqual(['high', 'low']);
      expect(await holding('and_that_sa:*')).toEqual(['low']);
      expect(await holding('this_this_and')).toEqual([]);
    }
    const ids = async (q: string) =>
      (await store.searchVideos(q, { offset: 0, limit: 10 })).videos.map((video) => video._id);
    expect(await ids('so this and')).toEqual(['low']);
    expect(await ids('o this and th')).toEqual(['low']);
    expect(await ids('this and that')).toEqual(['high', 'low']);
    expect(await ids('this and that said once')).toEqual(['low']);
  },
);
