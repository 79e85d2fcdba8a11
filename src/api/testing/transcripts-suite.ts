import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript, Video } from '../../contract/entities';
import { TRANSCRIPT_MATCHES } from '../catalogue/transcript-text';
import { TRANSCRIPTS_CHECKED } from '../catalogue/transcript-words';
import type { OpenedStore } from './api-suite';
import { createHarness } from './api-harness';

const video = (id: string, fields: Partial<Video>): Video => ({
  _id: id,
  title: id,
  channelName: 'Channel',
  views: 0,
  uploadedOn: '2024-01-01',
  avatar: 'https://example.com/a.png',
  description: '',
  categoryName: 'Misc',
  ...fields,
});

const cues = (...lines: string[]) =>
  lines.map((text, index) => ({ start: index * 4 + 0.5, end: index * 4 + 4, text }));

/**
 * Transcripts' contract on every store: `GET /api/video/{id}/transcript`, and the results page
 * finding videos by what is said (title matches, then transcript matches with their moment, then
 * channel and description matches, each by views).
 */
export function describeTranscriptsSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`transcripts on ${storeName}`, () => {
    let opened: OpenedStore;
    let h: Awaited<ReturnType<typeof createHarness>>;
    const get = (path: string) => h.call('GET', path);
    /** Puts a transcript of these lines (4 s apart) for the video. */
    const say = (videoId: string, ...lines: string[]) =>
      opened.store.putTranscript({ videoId, cues: cues(...lines) });
    /** The ids of the results page's videos for a search. */
    const ids = async (q: string) =>
      (await get(`/api/videos/search?q=${encodeURIComponent(q)}`)).body.videos.map(
        (item: Video) => item._id,
      );
    const catalogue = [
      video('tr-title', { title: 'Zorblat closures in depth', views: 10 }),
      video('tr-said-low', { title: 'Functions, part one', views: 20 }),
      video('tr-said-high', { title: 'Functions, part two', views: 900 }),
      video('tr-desc', { title: 'Scope', description: 'About zorblat closures.', views: 5_000 }),
      video('tr-none', { title: 'Nothing said here', views: 1 }),
    ];
    const transcripts: Transcript[] = [
      {
        videoId: 'tr-said-low',
        language: 'en',
        cues: cues('Welcome back.', 'Today: zorblat', 'closures, and why they matter.'),
      },
      { videoId: 'tr-said-high', cues: cues('Hello.', 'A ZÓRBLAT closure keeps its scope.') },
      { videoId: 'tr-desc', cues: cues('Nothing of the kind is said here.') },
      { videoId: 'tr-title', cues: cues('zorblat closures, said in the title video too') },
    ];

    beforeAll(async () => {
      opened = await openStore();
      h = await createHarness(opened.store);
      await opened.store.upsertVideos(catalogue);
      for (const transcript of transcripts) await opened.store.putTranscript(transcript);
    });
    afterAll(async () => {
      await opened.store.removeVideos(catalogue.map((item) => item._id));
      await opened.close();
    });

    it('answers a video’s transcript: its cues in time order and its language', async () => {
      const response = await get('/api/video/tr-said-low/transcript');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ transcript: transcripts[0] });
      const unnamed = await get('/api/video/tr-said-high/transcript');
      expect(unnamed.body.transcript.language).toBeUndefined();
      expect(unnamed.body.transcript.cues[1]).toEqual({
        start: 4.5,
        end: 8,
        text: 'A ZÓRBLAT closure keeps its scope.',
      });
    });

    it('answers 404 with a clear error for a video without a transcript or no such video', async () => {
      const none = await get('/api/video/tr-none/transcript');
      expect(none.status).toBe(404);
      expect(none.body).toEqual({
        errors: ['The video you requested has no transcript. Not Found error.'],
      });
      const unknown = await get('/api/video/no-such-video/transcript');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        errors: ['The video you requested does not exist. Not Found error.'],
      });
      expect((await get('/api/video/%00/transcript')).status).toBe(404);
    });

    it('refuses a transcript for a video the catalogue does not hold', async () => {
      await expect(
        opened.store.putTranscript({ videoId: 'no-such-video', cues: cues('hi') }),
      ).rejects.toMatchObject({ kind: 'notFound' });
      expect(await opened.store.transcriptIds()).not.toContain('no-such-video');
    });

    it('ranks title matches, then transcript matches with their moment, then the rest, each by views', async () => {
      const response = await get('/api/videos/search?q=zorblat%20closure');
      expect(response.status).toBe(200);
      expect(response.body.videos.map((item: Video) => item._id)).toEqual([
        'tr-title',
        'tr-said-high',
        'tr-said-low',
        'tr-desc',
      ]);
      expect(response.body.total).toBe(4);
      // A phrase said across two lines starts at the first; accents and case are ignored.
      expect(response.body.moments).toEqual([
        { videoId: 'tr-said-high', start: 4.5, text: 'A ZÓRBLAT closure keeps its scope.' },
        { videoId: 'tr-said-low', start: 4.5, text: 'Today: zorblat' },
      ]);
    });

    it('finds a text of one word too, and not words said apart or in another order', async () => {
      expect(await ids('zorblat')).toEqual(['tr-title', 'tr-said-high', 'tr-said-low', 'tr-desc']);
      expect(await ids('closure zorblat')).toEqual([]);
      expect(await ids('zorblat keeps')).toEqual([]);
      expect(await ids('closures, and why')).toEqual(['tr-said-low']);
    });

    it('carries the moments of the page asked for only', async () => {
      const second = await get('/api/videos/search?q=zorblat%20closure&offset=2&limit=1');
      expect(second.body.videos.map((item: Video) => item._id)).toEqual(['tr-said-low']);
      expect(second.body.moments).toEqual([
        { videoId: 'tr-said-low', start: 4.5, text: 'Today: zorblat' },
      ]);
      const first = await get('/api/videos/search?q=zorblat%20closure&limit=1');
      expect(first.body.moments).toBeUndefined();
      const deep = await get('/api/videos/search?q=zorblat%20closure&offset=20000');
      expect(deep.body).toEqual({ videos: [], total: 4 });
    });

    it('finds what is said anywhere in an hour-long transcript, across any two lines, with its moment', async () => {
      // 900 lines of 10 made-up words: PostgreSQL searches it in windows of lines (0019); a
      // phrase across two lines lies whole in one of them wherever the windows meet.
      const words = (line: number) =>
        Array.from({ length: 10 }, (_, word) => `w${line.toString(36)}q${word}`).join(' ');
      const lines = Array.from({ length: 900 }, (_, line) => words(line));
      await opened.store.upsertVideos([video('tr-hour', { title: 'An hour', views: 3 })]);
      await opened.store.putTranscript({ videoId: 'tr-hour', cues: cues(...lines) });
      try {
        for (let line = 0; line < 899; line += 7) {
          const across = `${words(line).split(' ').slice(-2).join(' ')} ${words(line + 1).split(' ')[0]!}`;
          const response = await get(`/api/videos/search?q=${encodeURIComponent(across)}`);
          expect(response.body.videos.map((item: Video) => item._id)).toEqual(['tr-hour']);
          expect(response.body.moments).toEqual([
            {
              videoId: 'tr-hour',
              start: (cues(...lines)[line] ?? { start: -1 }).start,
              text: lines[line],
            },
          ]);
        }
      } finally {
        await opened.store.removeVideos(['tr-hour']);
      }
    }, 30_000);

    it('does not look for a text shorter than three characters in transcripts', async () => {
      const response = await get('/api/videos/search?q=zo');
      const found = response.body.videos.map((item: Video) => item._id);
      expect(found).toContain('tr-title');
      expect(found).not.toContain('tr-said-low');
    });

    it('follows the videos’ views and the transcripts’ replacement and removal', async () => {
      const said = () =>
        get('/api/videos/search?q=zorblat%20closure').then((response) =>
          response.body.videos.map((item: Video) => item._id),
        );
      await opened.store.upsertVideos([
        video('tr-said-low', { title: 'Functions, part one', views: 1_000 }),
      ]);
      expect(await said()).toEqual(['tr-title', 'tr-said-low', 'tr-said-high', 'tr-desc']);
      await opened.store.putTranscript({ videoId: 'tr-said-low', cues: cues('Other words.') });
      expect(await said()).toEqual(['tr-title', 'tr-said-high', 'tr-desc']);
      expect(await opened.store.removeTranscript('tr-said-high')).toBe(true);
      expect(await opened.store.removeTranscript('tr-said-high')).toBe(false);
      expect(await said()).toEqual(['tr-title', 'tr-desc']);
      expect((await get('/api/video/tr-said-high/transcript')).status).toBe(404);
      await opened.store.putTranscript(transcripts[1] as Transcript);
      await opened.store.putTranscript(transcripts[0] as Transcript);
      await opened.store.upsertVideos([catalogue[1] as Video]);
    });

    it('finds at most TRANSCRIPT_MATCHES videos by what is said, the most viewed', async () => {
      const many = Array.from({ length: TRANSCRIPT_MATCHES + 1 }, (_, index) =>
        video(`tr-many-${index}`, { title: `Many ${index}`, views: 10_000 + index }),
      );
      try {
        await opened.store.upsertVideos(many);
        for (const item of many) {
          await opened.store.putTranscript({ videoId: item._id, cues: cues('quuxly said') });
        }
        const response = await get('/api/videos/search?q=quuxly%20said&limit=1');
        expect(response.body.total).toBe(TRANSCRIPT_MATCHES);
        expect(response.body.videos.map((item: Video) => item._id)).toEqual([
          `tr-many-${TRANSCRIPT_MATCHES}`,
        ]);
      } finally {
        await opened.store.removeVideos(many.map((item) => item._id));
      }
    }, 60_000);

    it('finds a phrase in the least viewed transcript whether few or most transcripts hold its words', async () => {
      // More than TRANSCRIPTS_CHECKED transcripts hold the words of "said common": the stores read
      // their trigram indexes; "said common zeb" has a rarer word: its one candidate is checked.
      const many = Array.from({ length: TRANSCRIPTS_CHECKED + 1 }, (_, index) =>
        video(`tr-common-${index}`, { title: `Common ${index}`, views: 20_000 + index }),
      );
      const last = video('tr-common-last', { title: 'Least viewed', views: 2 });
      const comma = video('tr-common-comma', { title: 'Said slowly', views: 1 });
      try {
        await opened.store.upsertVideos([...many, last, comma]);
        for (const item of many) {
          await opened.store.putTranscript({ videoId: item._id, cues: cues('common words said') });
        }
        await opened.store.putTranscript({
          videoId: last._id,
          cues: cues('it is said common zebulon'),
        });
        await opened.store.putTranscript({
          videoId: comma._id,
          cues: cues('the words, said slowly'),
        });
        expect(await ids('said common')).toEqual(['tr-common-last']);
        expect(await ids('said common zeb')).toEqual(['tr-common-last']);
        expect(await ids('common zebulon said')).toEqual([]);
        // The word index holds "words said" in every transcript, the text only the least viewed.
        expect(await ids('words, said')).toEqual(['tr-common-comma']);
        expect(await ids('rds, said')).toEqual(['tr-common-comma']);
        const common = await get('/api/videos/search?q=common%20words');
        expect(common.body.total).toBe(TRANSCRIPT_MATCHES);
      } finally {
        await opened.store.removeVideos([...many, last, comma].map((item) => item._id));
      }
    }, 120_000);

    it('finds a phrase whose first word is the end of a longer word said, and only where said', async () => {
      const ends = [
        video('tr-end-long', { title: 'Ends one', views: 30 }),
        video('tr-end-whole', { title: 'Ends two', views: 40 }),
        // Beside another script: SQLite's word index keeps `ёkamylzeb` as one word.
        video('tr-end-script', { title: 'Ends three', views: 20 }),
        video('tr-end-apart', { title: 'Ends four', views: 50 }),
      ];
      try {
        await opened.store.upsertVideos(ends);
        await say('tr-end-long', 'We call it a Kamylzeb', 'thing, these days.');
        await say('tr-end-whole', 'mylzeb thing, said plainly');
        await say('tr-end-script', 'слово ёkamylzeb thing');
        await say('tr-end-apart', 'kamylzeb. Thing said apart');
        expect(await ids('mylzeb thing')).toEqual(['tr-end-whole', 'tr-end-long', 'tr-end-script']);
        expect(await ids('kamylzeb thing')).toEqual(['tr-end-long', 'tr-end-script']);
        expect(await ids('ylzeb thing, th')).toEqual(['tr-end-long']);
        expect(await ids('zeb. thing')).toEqual(['tr-end-apart']);
        // No word said ends with it.
        expect(await ids('qqmylzeb thing')).toEqual([]);
        const page = await get('/api/videos/search?q=lzeb%20thing');
        expect(page.body.moments).toEqual([
          { videoId: 'tr-end-whole', start: 0.5, text: 'mylzeb thing, said plainly' },
          { videoId: 'tr-end-long', start: 0.5, text: 'We call it a Kamylzeb' },
          { videoId: 'tr-end-script', start: 0.5, text: 'слово ёkamylzeb thing' },
        ]);
      } finally {
        await opened.store.removeVideos(ends.map((item) => item._id));
      }
    });

    it('finds words said one space apart only where said so, whatever pairs of them are said apart', async () => {
      const pairs = [
        video('tr-pair-said', { title: 'Pairs one', views: 300 }),
        // Each two words said, never the three one after the other (the pair index's positions).
        video('tr-pair-apart', { title: 'Pairs two', views: 200 }),
        video('tr-pair-comma', { title: 'Pairs three', views: 100 }),
        // A word longer than the indexes keep (40 characters) after the pair.
        video('tr-pair-long', { title: 'Pairs four', views: 50 }),
      ];
      try {
        await opened.store.upsertVideos(pairs);
        await say('tr-pair-said', 'we said Vexo quarn', 'dilt, then more');
        await say('tr-pair-apart', 'vexo quarn. Quarn dilt', 'and vexo quarnish');
        await say('tr-pair-comma', 'vexo quarn, dilt again');
        await say('tr-pair-long', `vexo quarn dilt${'x'.repeat(45)} again`);
        expect(await ids('vexo quarn dilt')).toEqual(['tr-pair-said', 'tr-pair-long']);
        expect(await ids('exo quarn dilt, th')).toEqual(['tr-pair-said']);
        expect(await ids('quarn dilt')).toEqual(['tr-pair-said', 'tr-pair-apart', 'tr-pair-long']);
        expect(await ids('vexo quarn')).toEqual([
          'tr-pair-said',
          'tr-pair-apart',
          'tr-pair-comma',
          'tr-pair-long',
        ]);
        expect(await ids(`quarn dilt${'x'.repeat(37)}`)).toEqual(['tr-pair-long']);
        expect(await ids('vexo quarni')).toEqual(['tr-pair-apart']);
        expect(await ids('quarn dilt again')).toEqual([]);
        expect(await ids('vexo quarn quarn')).toEqual([]);
      } finally {
        await opened.store.removeVideos(pairs.map((item) => item._id));
      }
    });

    it('answers hostile searches cheaply, never with an error', async () => {
      const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
      const hostile = [
        Array.from({ length: 100 }, (_, index) => letters[index % letters.length]).join(' '),
        'a '.repeat(99) + 'a',
        'x'.repeat(200),
        '"*^:()NEAR',
        'zorblat NEAR(closure, 2) AND "said" OR -x*',
        "%_% zorblat%_ \\ '); drop table transcripts; --",
        '"zorblat closures" "" ^said :col * ( )',
        'the the the the the the the the the the the the the the the the the the',
      ];
      for (const q of hostile) {
        const before = process.cpuUsage();
        const response = await get(`/api/videos/search?q=${encodeURIComponent(q)}`);
        const used = process.cpuUsage(before);
        expect(response.status, q).toBe(200);
        expect(Array.isArray(response.body.videos), q).toBe(true);
        // Generous: the store's work plus the route's, on a loaded 2-core machine.
        expect((used.user + used.system) / 1000, q).toBeLessThan(100);
      }
      const tooLong = Array.from({ length: 200 }, () => 'a').join(' ');
      const refused = await get(`/api/videos/search?q=${encodeURIComponent(tooLong)}`);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveLength(1);
    });

    it('forgets a removed video’s transcript, and lists the videos with one in catalogue order', async () => {
      const ids = await opened.store.transcriptIds();
      expect(ids.filter((id) => id.startsWith('tr-'))).toEqual([
        'tr-title',
        'tr-said-low',
        'tr-said-high',
        'tr-desc',
      ]);
      const gone = video('tr-gone', { title: 'Going', views: 3 });
      await opened.store.upsertVideos([gone]);
      await opened.store.putTranscript({ videoId: 'tr-gone', cues: cues('zorblat closures') });
      expect((await get('/api/videos/search?q=zorblat%20closure')).body.total).toBe(5);
      await opened.store.removeVideos(['tr-gone']);
      expect((await get('/api/videos/search?q=zorblat%20closure')).body.total).toBe(4);
      expect(await opened.store.transcriptIds()).not.toContain('tr-gone');
      expect(await opened.store.getTranscript('tr-gone')).toBeUndefined();
    });
  });
}
