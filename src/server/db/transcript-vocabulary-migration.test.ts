import { expect } from 'vitest';
import { describeUpgrade, talk } from '../testing/migration-upgrade';

/**
 * Transcripts written before migration 0021 are found by a search whose first word ends a word
 * they say: the migration puts their words in the vocabulary (without them, no word said would end
 * with it, and the search would find nothing).
 */
describeUpgrade(
  'migration 0021 on transcripts stored before it',
  '0020-transcript-words',
  'puts the words of the transcripts already there in the vocabulary',
  async (old) => {
    await old.addVideos([talk('low', 5), talk('high', 50)]);
    const said = (videoId: string, text: string) =>
      old.writeTranscript({ videoId, cues: [{ start: 4, end: 9, text }] });
    await said('low', 'We call it a Kamylzeb thing');
    await said('high', 'mylzeb thing, said plainly');

    const store = await old.upgrade();
    const ids = async (q: string) =>
      (await store.searchVideos(q, { offset: 0, limit: 10 })).videos.map((video) => video._id);
    expect(await ids('ylzeb thing')).toEqual(['high', 'low']);
    expect(await ids('qqzeb thing')).toEqual([]);
  },
);
