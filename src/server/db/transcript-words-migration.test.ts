import { expect } from 'vitest';
import { describeUpgrade, talk } from '../testing/migration-upgrade';

/** Transcripts written before migration 0020 are found through its word indexes after it. */
describeUpgrade(
  'migration 0020 on transcripts stored before it',
  '0019-transcript-chunks',
  'indexes the words of the transcripts already there',
  async (old) => {
    await old.addVideos([talk('low', 5), talk('high', 50), talk('none', 500)]);
    const said = (videoId: string, text: string) =>
      old.writeTranscript({
        videoId,
        cues: [
          { start: 0, end: 4, text: 'Welcome.' },
          { start: 4, end: 9, text },
        ],
      });
    await said('low', 'Why a Zorblat closure keeps its scope');
    await said('high', 'A zorblat closure, kept');
    await said('none', 'zorblat and closure, said apart');

    const store = await old.upgrade();
    const page = await store.searchVideos('a zorblat closure', { offset: 0, limit: 10 });
    expect(page.videos.map((video) => video._id)).toEqual(['high', 'low']);
    expect(page.moments).toEqual([
      { videoId: 'high', start: 4, text: 'A zorblat closure, kept' },
      { videoId: 'low', start: 4, text: 'Why a Zorblat closure keeps its scope' },
    ]);
    const kept = await store.searchVideos('closure, kept', { offset: 0, limit: 10 });
    expect(kept.videos.map((video) => video._id)).toEqual(['high']);
  },
);
