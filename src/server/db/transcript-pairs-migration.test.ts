import { expect } from 'vitest';
import { describeUpgrade, talk } from '../testing/migration-upgrade';

/**
 * Transcripts written before migration 0022 are found through its pair indexes after it (SQLite
 * answers a search of words between single spaces from the pairs alone: without them it would
 * find nothing), and the pairs follow the videos' views as the word index does.
 */
describeUpgrade(
  'migration 0022 on transcripts stored before it',
  '0021-transcript-vocabulary',
  'indexes the pairs of words of the transcripts already there',
  async (old) => {
    await old.addVideos([talk('low', 5), talk('high', 50)]);
    const said = (videoId: string, text: string) =>
      old.writeTranscript({ videoId, cues: [{ start: 4, end: 9, text }] }, 'vocabulary');
    await said('low', 'So this and that, said once');
    await said('high', 'so this. This and that');

    const store = await old.upgrade();
    const ids = async (q: string) =>
      (await store.searchVideos(q, { offset: 0, limit: 10 })).videos.map((video) => video._id);
    expect(await ids('so this and')).toEqual(['low']);
    expect(await ids('o this and th')).toEqual(['low']);
    expect(await ids('this and')).toEqual(['high', 'low']);
    await store.upsertVideos([talk('low', 500)]);
    expect(await ids('this and')).toEqual(['low', 'high']);
  },
);
