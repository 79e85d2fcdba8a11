import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { MemoryStore } from '../../api/store/memory-store';
import { emptyUserData } from '../../api/store/store';
import { createTempDir } from '../testing/test-databases';
import { parseIsoDuration } from './foreign-formats';
import { type ForeignImport, importForeign } from './import-foreign';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const dir = createTempDir();
afterAll(dir.drop);
let fileCount = 0;
function fileWith(text: string): string {
  fileCount += 1;
  const path = join(dir.path, `foreign-${fileCount}.json`);
  writeFileSync(path, text);
  return path;
}

const importedOn = '2026-11-29';
const emptyStore = () => new MemoryStore(undefined, { videos: [], categories: [] });
const run = (store: MemoryStore, request: Omit<ForeignImport, 'importedOn'>) =>
  importForeign(store, { importedOn, ...request });
const catalogue = async (store: MemoryStore) => (await store.readCatalogue(undefined, 100)).videos;

const PLAYLIST = 'yt-dlp:PLxGridGarden0cssLayout01';
/** The playlist fixture's videos as the catalogue keeps them (with --category CSS). */
const playlistVideos: Video[] = [
  {
    _id: 'Qm3kT9xW2aE',
    title: 'CSS Grid in 12 minutes',
    channelName: 'Grid Garden School',
    views: 48211,
    // A flat playlist has no upload_date nor timestamp: the day of the import.
    uploadedOn: importedOn,
    avatar: '',
    description: '',
    categoryName: 'CSS',
    duration: 725,
  },
  {
    _id: 'b7Lp0vNcX4s',
    title: 'Flexbox vs Grid: when to use which',
    channelName: 'Grid Garden School',
    views: 120045,
    uploadedOn: importedOn,
    avatar: '',
    description: '',
    categoryName: 'CSS',
    duration: 1436,
  },
  {
    _id: 'H4vRt6yUi8o',
    title: 'Subgrid, finally: a café menu layout',
    channelName: 'Mara Okafor',
    views: 9034,
    uploadedOn: importedOn,
    avatar: '',
    description: '',
    categoryName: 'CSS',
    // 3723.4 seconds, rounded.
    duration: 3723,
  },
];

describe('importForeign: yt-dlp', () => {
  it('imports a -J --flat-playlist object: private entries left out, the playlist as its source', async () => {
    const store = emptyStore();
    const outcome = await run(store, {
      path: fixture('yt-dlp-playlist.flat.json'),
      from: 'yt-dlp',
      category: 'CSS',
    });
    expect(outcome).toEqual({
      ok: true,
      videos: { added: 3, updated: 0, unchanged: 0 },
      source: PLAYLIST,
      pruned: 0,
      skipped: 1,
      repeated: 0,
    });
    expect(await catalogue(store)).toEqual(playlistVideos);
    expect((await store.videoIdsOfSource(PLAYLIST)).sort()).toEqual(
      ['H4vRt6yUi8o', 'Qm3kT9xW2aE', 'b7Lp0vNcX4s'].sort(),
    );
  });

  it('imports the same playlist as -j lines, the same videos from the same source', async () => {
    const store = emptyStore();
    const outcome = await run(store, {
      path: fixture('yt-dlp-playlist.flat.jsonl'),
      from: 'yt-dlp',
      category: 'CSS',
    });
    expect(outcome).toMatchObject({ ok: true, source: PLAYLIST, skipped: 1 });
    expect(await catalogue(store)).toEqual(playlistVideos);
  });

  it("takes a channel tab's name and avatar for its entries (a pretty-printed -J object)", async () => {
    const store = emptyStore();
    const outcome = await run(store, {
      path: fixture('yt-dlp-channel.flat.pretty.json'),
      from: 'yt-dlp',
      category: 'CSS',
    });
    expect(outcome).toMatchObject({ ok: true, source: 'yt-dlp:UCp9Kx3Rw0Zt1Lq2Vb7Nf4Hg' });
    expect((await catalogue(store))[1]).toEqual({
      _id: 'Rt5yU7iO9pA',
      title: 'Container queries for cards',
      channelName: 'Grid Garden School',
      views: 15002,
      uploadedOn: importedOn,
      avatar:
        'https://yt3.googleusercontent.com/ytc/AIdro_kQ2Vb8Nc4Xz7Lm1Pq3Rs5Tu9Wv0Yx2Za4Bc6De8=s0',
      description: 'Cards that fit wherever they are put.',
      categoryName: 'CSS',
      duration: 842,
    });
  });

  it("imports a single video's -J object: its category, date and description; no source", async () => {
    const store = emptyStore();
    const outcome = await run(store, { path: fixture('yt-dlp-video.json'), from: 'yt-dlp' });
    expect(outcome).toMatchObject({ ok: true, videos: { added: 1 }, pruned: 0 });
    expect(outcome.ok && outcome.source).toBeUndefined();
    expect(await catalogue(store)).toEqual([
      {
        _id: 'b7Lp0vNcX4s',
        title: 'Flexbox vs Grid: when to use which',
        channelName: 'Grid Garden School',
        views: 120187,
        uploadedOn: '2024-03-05',
        avatar: '',
        description:
          'Flexbox lays out one line, Grid lays out two dimensions.\nChapters:\n0:00 Intro\n3:05 Flexbox\n12:40 Grid',
        categoryName: 'Education',
        duration: 1436,
      },
    ]);
    // --category names the category of every video, whatever the file says.
    await run(store, { path: fixture('yt-dlp-video.json'), from: 'yt-dlp', category: 'CSS' });
    expect((await catalogue(store))[0]!.categoryName).toBe('CSS');
  });

  it('keeps the fields a yt-dlp record leaves out or null, and says which (issue 42)', async () => {
    const store = emptyStore();
    const full = JSON.parse(readFileSync(fixture('yt-dlp-video.json'), 'utf8'));
    await run(store, { path: fileWith(JSON.stringify(full)), from: 'yt-dlp' });
    const before = await catalogue(store);
    const sparse = { ...full, view_count: null, duration: null, description: null };
    for (const field of ['upload_date', 'timestamp', 'release_timestamp']) delete sparse[field];
    const outcome = await run(store, { path: fileWith(JSON.stringify(sparse)), from: 'yt-dlp' });
    expect(outcome).toMatchObject({
      ok: true,
      videos: { added: 0, updated: 0, unchanged: 1 },
      kept: { views: 1, uploadedOn: 1, description: 1, duration: 1 },
    });
    expect(await catalogue(store)).toEqual(before);
    // What the file does give still changes the video.
    const renamed = { ...sparse, title: 'Flexbox or Grid?' };
    await run(store, { path: fileWith(JSON.stringify(renamed)), from: 'yt-dlp' });
    expect(await catalogue(store)).toEqual([{ ...before[0], title: 'Flexbox or Grid?' }]);
  });

  it('wants --category where the file gives none, naming each entry as jq reaches it', async () => {
    const store = emptyStore();
    const noCategory =
      'no category: the file gives none here; name one for the whole import with --category <name>';
    expect(
      await run(store, { path: fixture('yt-dlp-playlist.flat.json'), from: 'yt-dlp' }),
    ).toEqual({
      ok: false,
      problems: [
        `entries[0]: ${noCategory}`,
        `entries[1]: ${noCategory}`,
        `entries[3]: ${noCategory}`,
      ],
      rejected: 3,
      refused: false,
    });
    const lines = await run(store, { path: fixture('yt-dlp-playlist.flat.jsonl'), from: 'yt-dlp' });
    expect(lines.ok || lines.problems[0]).toBe(`line 1: ${noCategory}`);
    expect(await catalogue(store)).toEqual([]);
  });

  it('refuses the whole file for one bad entry, with its place and the field by its yt-dlp name', async () => {
    const store = emptyStore();
    const playlist = JSON.parse(readFileSync(fixture('yt-dlp-playlist.flat.json'), 'utf8'));
    playlist.entries[1].view_count = -4;
    playlist.entries[3].channel = null;
    playlist.entries[3].uploader = null;
    playlist.entries.push({
      _type: 'url',
      ie_key: 'YoutubeTab',
      url: 'https://www.youtube.com/@x/shorts',
    });
    const outcome = await run(store, {
      path: fileWith(JSON.stringify(playlist)),
      from: 'yt-dlp',
      category: 'CSS',
    });
    expect(outcome).toEqual({
      ok: false,
      problems: [
        'entries[1]: view_count must be a non-negative whole number',
        'entries[3]: channel is required (neither channel nor uploader)',
        "entries[4]: a link to a playlist or a channel's tab (https://www.youtube.com/@x/shorts), not a video: run yt-dlp on that address itself (a channel's videos: https://www.youtube.com/@name/videos)",
      ],
      rejected: 3,
      refused: false,
    });
    expect(await catalogue(store)).toEqual([]);
  });

  it("refuses titles and descriptions beyond YouTube's limits in both formats, by their names there (issue 42)", async () => {
    const store = emptyStore();
    const playlist = JSON.parse(readFileSync(fixture('yt-dlp-playlist.flat.json'), 'utf8'));
    playlist.entries[1].description = `0:00 Intro a${' '.repeat(60_000)}b`;
    const ytDlp = await run(store, {
      path: fileWith(JSON.stringify(playlist)),
      from: 'yt-dlp',
      category: 'CSS',
    });
    expect(ytDlp).toMatchObject({
      ok: false,
      problems: [
        "entries[1]: description must be at most 5,000 characters (YouTube's limit), not 60,013",
      ],
    });
    const response = JSON.parse(readFileSync(fixture('youtube-api-videos.json'), 'utf8'));
    response.items[0].snippet.title = 'T'.repeat(150);
    const api = await run(store, {
      path: fileWith(JSON.stringify(response)),
      from: 'youtube-api',
    });
    expect(api).toMatchObject({
      ok: false,
      problems: [
        "items[0]: snippet.title must be at most 100 characters (YouTube's limit), not 150",
      ],
    });
    expect(await catalogue(store)).toEqual([]);
  });

  it('says so when the file is the other format', async () => {
    const store = emptyStore();
    expect(
      await run(store, {
        path: fixture('youtube-api-videos.json'),
        from: 'yt-dlp',
        category: 'CSS',
      }),
    ).toMatchObject({
      ok: false,
      problems: [
        'the object: a YouTube Data API response, not yt-dlp output: import it with --from youtube-api',
      ],
    });
    expect(
      await run(store, { path: fixture('yt-dlp-video.json'), from: 'youtube-api' }),
    ).toMatchObject({
      ok: false,
      problems: [
        'the object: kind must be "youtube#videoListResponse" (a videos.list response) (this looks like yt-dlp output: import it with --from yt-dlp)',
      ],
    });
  });
});

describe('importForeign: youtube-api', () => {
  it('imports a videos.list response: ISO durations, counts as numbers, categories by name', async () => {
    const store = emptyStore();
    const outcome = await run(store, {
      path: fixture('youtube-api-videos.json'),
      from: 'youtube-api',
    });
    expect(outcome).toEqual({
      ok: true,
      videos: { added: 2, updated: 0, unchanged: 0 },
      pruned: 0,
      skipped: 0,
      repeated: 0,
    });
    expect(await catalogue(store)).toEqual([
      {
        _id: 'Qm3kT9xW2aE',
        title: 'CSS Grid in 12 minutes',
        channelName: 'Grid Garden School',
        views: 48211,
        uploadedOn: '2023-11-02T16:00:11Z',
        avatar: '',
        description: 'Grid, from nothing to a page layout.',
        categoryName: 'Education',
        duration: 725,
      },
      {
        _id: 'H4vRt6yUi8o',
        title: 'Subgrid, finally: a café menu layout',
        channelName: 'Mara Okafor',
        views: 9034,
        uploadedOn: '2024-06-18T09:30:00Z',
        avatar: '',
        description: '',
        categoryName: 'Science & Technology',
        duration: 3723,
      },
    ]);
  });

  it('keeps the views and duration a part=snippet,player answer does not give, and says so (issue 42)', async () => {
    const store = emptyStore();
    await run(store, { path: fixture('youtube-api-videos.json'), from: 'youtube-api' });
    const before = await catalogue(store);
    expect(before.map((video) => [video.views, video.duration])).toEqual([
      [48211, 725],
      [9034, 3723],
    ]);
    const outcome = await run(store, {
      path: fixture('youtube-api-snippet-player.json'),
      from: 'youtube-api',
    });
    expect(outcome).toMatchObject({
      ok: true,
      videos: { added: 0, updated: 0, unchanged: 2 },
      kept: { views: 2, duration: 2 },
    });
    expect(await catalogue(store)).toEqual(before);
    // A new video gets what the format's absence means: no views counted, no length known.
    const fresh = emptyStore();
    await run(fresh, { path: fixture('youtube-api-snippet-player.json'), from: 'youtube-api' });
    expect((await catalogue(fresh)).map((video) => [video.views, video.duration])).toEqual([
      [0, undefined],
      [0, undefined],
    ]);
  });

  it('joins pages, as JSON lines or as one array of responses', async () => {
    for (const text of [
      readFileSync(fixture('youtube-api-pages.jsonl'), 'utf8'),
      JSON.stringify(
        readFileSync(fixture('youtube-api-pages.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
        null,
        2,
      ),
    ]) {
      const store = emptyStore();
      const outcome = await run(store, { path: fileWith(text), from: 'youtube-api' });
      expect(outcome).toMatchObject({ ok: true, videos: { added: 3 } });
      expect((await catalogue(store)).map((video) => video.duration)).toEqual([725, 3723, 842]);
    }
  });

  it('names the item of a bad response, and wants --category for a category it does not know', async () => {
    const store = emptyStore();
    const response = JSON.parse(readFileSync(fixture('youtube-api-videos.json'), 'utf8'));
    response.items[0].contentDetails.duration = '12:05';
    response.items[1].snippet.categoryId = '44';
    response.items[1].statistics.viewCount = 'many';
    const second = { ...response, items: [{ id: 'x', kind: 'youtube#video' }] };
    const path = fileWith(`${JSON.stringify(response)}\n${JSON.stringify(second)}\n`);
    expect(await run(store, { path, from: 'youtube-api' })).toEqual({
      ok: false,
      problems: [
        'line 1, items[0]: contentDetails.duration "12:05" is not an ISO 8601 duration (PT1H2M3S)',
        `line 1, items[1]: snippet.categoryId "44" is not one of YouTube's categories; name one for the whole import with --category <name>`,
        'line 1, items[1]: statistics.viewCount must be a count (a string of digits)',
        'line 2, items[0]: snippet is missing: ask videos.list for part=snippet,contentDetails,statistics',
      ],
      rejected: 3,
      refused: false,
    });
    expect(await catalogue(store)).toEqual([]);
  });

  it('parses ISO 8601 durations', () => {
    expect(parseIsoDuration('PT1H2M3S')).toBe(3723);
    expect(parseIsoDuration('PT12M5S')).toBe(725);
    expect(parseIsoDuration('PT45S')).toBe(45);
    expect(parseIsoDuration('PT2H')).toBe(7200);
    expect(parseIsoDuration('P1DT1S')).toBe(86401);
    expect(parseIsoDuration('P0D')).toBe(0);
    for (const bad of ['', 'P', 'PT', '12:05', 'PT1.5M', '1H'])
      expect(parseIsoDuration(bad), bad).toBeUndefined();
  });
});

describe('importForeign --prune', () => {
  it("removes the source's videos that the file no longer holds, with the lists that name them", async () => {
    const store = emptyStore();
    await run(store, {
      path: fixture('yt-dlp-playlist.flat.json'),
      from: 'yt-dlp',
      category: 'CSS',
    });
    // A video of the catalogue that no import of this source wrote stays.
    await store.upsertVideos([{ ...playlistVideos[0]!, _id: 'own-video' }]);
    const user = await store.createUser({
      email: 'a@example.com',
      firstName: 'A',
      lastName: 'B',
      passwordHash: 'x',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      extras: {},
    });
    await store.addVideoTo(user._id, 'likes', 'b7Lp0vNcX4s', '2026-01-01T00:00:00Z');
    const playlist = JSON.parse(readFileSync(fixture('yt-dlp-playlist.flat.json'), 'utf8'));
    playlist.entries.splice(1, 1);
    const request = {
      path: fileWith(JSON.stringify(playlist, null, 2)),
      from: 'yt-dlp',
      category: 'CSS',
      prune: true,
    } as const;
    // Without yes: only the plan, with what users made of each video (issue 42).
    expect(await run(store, request)).toMatchObject({
      ok: true,
      pruned: 0,
      pruneCandidates: [
        {
          id: 'b7Lp0vNcX4s',
          title: 'Flexbox vs Grid: when to use which',
          unavailable: false,
          userData: { ...emptyUserData(), likes: 1 },
        },
      ],
    });
    expect(await store.listVideosIn(user._id, 'likes')).toHaveLength(1);
    const outcome = await run(store, { ...request, yes: true });
    expect(outcome).toMatchObject({
      ok: true,
      source: PLAYLIST,
      pruned: 1,
      videos: { unchanged: 2 },
    });
    expect((await catalogue(store)).map((video) => video._id)).toEqual([
      'Qm3kT9xW2aE',
      'H4vRt6yUi8o',
      'own-video',
    ]);
    expect(await store.listVideosIn(user._id, 'likes')).toEqual([]);
  });

  it('prunes by --source where the file names no playlist, and refuses --prune without one', async () => {
    const store = emptyStore();
    const noSource = await run(store, {
      path: fixture('youtube-api-pages.jsonl'),
      from: 'youtube-api',
      prune: true,
    });
    expect(noSource).toEqual({
      ok: false,
      noSource: true,
      problems: [
        '--prune needs the source whose videos it weighs, and videos.list responses name no playlist: name one with --source <name>',
      ],
      rejected: 0,
      refused: false,
    });
    expect(await catalogue(store)).toEqual([]);
    expect(
      await run(store, { path: fixture('yt-dlp-video.json'), from: 'yt-dlp', prune: true }),
    ).toMatchObject({
      ok: false,
      noSource: true,
      problems: [
        '--prune needs the source whose videos it weighs, and the file names no playlist (a single video, or -j lines without playlist_id): name one with --source <name>',
      ],
    });

    const pages = {
      path: fixture('youtube-api-pages.jsonl'),
      from: 'youtube-api',
      source: 'css-course',
    } as const;
    expect(await run(store, pages)).toMatchObject({
      ok: true,
      source: 'css-course',
      videos: { added: 3 },
    });
    expect(
      await run(store, {
        ...pages,
        path: fixture('youtube-api-videos.json'),
        prune: true,
        yes: true,
      }),
    ).toMatchObject({ ok: true, source: 'css-course', pruned: 1 });
    expect((await catalogue(store)).map((video) => video._id)).toEqual([
      'Qm3kT9xW2aE',
      'H4vRt6yUi8o',
    ]);
  });

  it('prunes nothing when the file is refused', async () => {
    const store = emptyStore();
    await run(store, {
      path: fixture('yt-dlp-playlist.flat.json'),
      from: 'yt-dlp',
      category: 'CSS',
    });
    const emptied = JSON.parse(readFileSync(fixture('yt-dlp-playlist.flat.json'), 'utf8'));
    emptied.entries = [emptied.entries[2]];
    const path = fileWith(JSON.stringify(emptied));
    expect(await run(store, { path, from: 'yt-dlp', category: 'CSS', prune: true })).toEqual({
      ok: false,
      problems: [`${path}: no videos found (1 private or deleted left out)`],
      rejected: 0,
      refused: false,
    });
    expect(await store.videoIdsOfSource(PLAYLIST)).toHaveLength(3);
  });
});
