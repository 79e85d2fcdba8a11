import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Category, Video } from '../../contract/entities';
import type { UpsertCounts } from '../../api/store/store';
import { createTempDir } from '../testing/test-databases';
import { type CatalogueWriter, importCatalogue } from './import-catalogue';

const dir = createTempDir();
afterAll(dir.drop);

let fileCount = 0;
function fileWith(text: string, extension = 'jsonl'): string {
  fileCount += 1;
  const path = join(dir.path, `import-${fileCount}.${extension}`);
  writeFileSync(path, text);
  return path;
}

const makeVideo = (n: number, overrides: Partial<Video> = {}): Video => ({
  _id: `vid-${n}`,
  title: `Video ${n}`,
  channelName: 'Channel',
  views: n,
  uploadedOn: '2024-01-02',
  avatar: 'https://example.com/a.png',
  description: '',
  categoryName: 'HTML',
  ...overrides,
});
const lines = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');

/** Upserts into maps, remembering each call (one call = one transaction in the real stores). */
function fakeWriter() {
  const videos = new Map<string, Video>();
  const categories = new Map<string, Category>();
  const calls: string[] = [];
  const upsert = <T extends { _id: string }>(into: Map<string, T>, items: T[]): UpsertCounts => {
    const counts = { added: 0, updated: 0, unchanged: 0 };
    for (const item of items) {
      const before = into.get(item._id);
      if (!before) counts.added += 1;
      else if (JSON.stringify(before) === JSON.stringify(item)) counts.unchanged += 1;
      else counts.updated += 1;
      into.set(item._id, item);
    }
    return counts;
  };
  const writer: CatalogueWriter = {
    upsertVideos: async (items) => {
      calls.push(`videos ${items.length}`);
      return upsert(videos, items);
    },
    upsertCategories: async (items) => {
      calls.push(`categories ${items.length}`);
      return upsert(categories, items);
    },
    upsertCourses: async () => ({ added: 0, updated: 0, unchanged: 0 }),
    getVideo: async (videoId) => videos.get(videoId),
  };
  return { writer, videos, categories, calls };
}

describe('importCatalogue', () => {
  it('writes a good file in batches, categories first, and counts', async () => {
    const { writer, videos, calls } = fakeWriter();
    const records = [
      ...Array.from({ length: 25 }, (_, n) => makeVideo(n)),
      { type: 'category', _id: 'cat-1', categoryName: 'HTML', description: 'Markup' },
    ];
    const outcome = await importCatalogue(
      writer,
      { videos: fileWith(lines(records)) },
      { batchSize: 10 },
    );
    expect(outcome).toEqual({
      ok: true,
      videos: { added: 25, updated: 0, unchanged: 0 },
      categories: { added: 1, updated: 0, unchanged: 0 },
    });
    expect(calls).toEqual(['videos 10', 'videos 10', 'categories 1', 'videos 5']);
    expect([...videos.keys()].slice(0, 3)).toEqual(['vid-0', 'vid-1', 'vid-2']);
  });

  it('is idempotent, and counts a changed record as updated', async () => {
    const { writer } = fakeWriter();
    const path = fileWith(lines([makeVideo(1), makeVideo(2)]));
    await importCatalogue(writer, { videos: path });
    expect(await importCatalogue(writer, { videos: path })).toMatchObject({
      videos: { added: 0, updated: 0, unchanged: 2 },
    });
    const changed = fileWith(lines([makeVideo(1), makeVideo(2, { views: 99 }), makeVideo(3)]));
    expect(await importCatalogue(writer, { videos: changed })).toMatchObject({
      videos: { added: 1, updated: 1, unchanged: 1 },
    });
  });

  it('keeps the batches written before a failure, and a second run completes the import', async () => {
    const { writer, videos } = fakeWriter();
    const path = fileWith(lines(Array.from({ length: 35 }, (_, n) => makeVideo(n))));
    let calls = 0;
    const failing: CatalogueWriter = {
      ...writer,
      upsertVideos: async (items) => {
        calls += 1;
        if (calls === 3) throw new Error('connection lost');
        return writer.upsertVideos(items);
      },
    };
    await expect(importCatalogue(failing, { videos: path }, { batchSize: 10 })).rejects.toThrow(
      'connection lost',
    );
    expect(videos.size).toBe(20);
    expect(await importCatalogue(writer, { videos: path }, { batchSize: 10 })).toMatchObject({
      videos: { added: 15, updated: 0, unchanged: 20 },
    });
  });

  it('reads a JSON array and a second file of categories', async () => {
    const { writer, categories } = fakeWriter();
    const videosFile = fileWith(JSON.stringify([makeVideo(1), makeVideo(2)], null, 2), 'json');
    const categoriesFile = fileWith(
      lines([{ _id: 'cat-1', categoryName: 'HTML', description: 'Markup' }]),
    );
    const outcome = await importCatalogue(writer, {
      videos: videosFile,
      categories: categoriesFile,
    });
    expect(outcome).toMatchObject({ ok: true, videos: { added: 2 }, categories: { added: 1 } });
    expect(categories.get('cat-1')).toEqual({
      _id: 'cat-1',
      categoryName: 'HTML',
      description: 'Markup',
    });
  });

  it('reads one pretty-printed record as JSON, and still refuses unknown fields in it', async () => {
    const { writer, videos } = fakeWriter();
    const good = fileWith(JSON.stringify(makeVideo(1, { duration: 65 }), null, 2), 'json');
    expect(await importCatalogue(writer, { videos: good })).toMatchObject({
      ok: true,
      videos: { added: 1 },
    });
    expect(videos.get('vid-1')).toEqual(makeVideo(1, { duration: 65 }));
    const unknown = fileWith(JSON.stringify({ ...makeVideo(2), likes: 3 }, null, 2), 'json');
    expect(await importCatalogue(writer, { videos: unknown })).toEqual({
      ok: false,
      problems: ['the object: unknown field "likes"'],
      rejected: { videos: 1, categories: 0 },
      refused: [],
    });
  });

  it('writes nothing when any record is bad, and says where and why', async () => {
    const { writer, calls } = fakeWriter();
    const { title: _title, ...noTitle } = makeVideo(3);
    const text = [
      JSON.stringify(makeVideo(1)),
      JSON.stringify(makeVideo(2)),
      JSON.stringify(noTitle),
      '',
      '{"_id": "broken",',
      JSON.stringify(makeVideo(6, { views: -1 })),
      JSON.stringify(makeVideo(7, { _id: 'vid-2' })),
    ].join('\n');
    const outcome = await importCatalogue(writer, { videos: fileWith(text) });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems[0]).toBe('line 3: title is required');
    expect(outcome.problems[1]).toMatch(/^line 5: not valid JSON \(.+\)$/);
    expect(outcome.problems.slice(2)).toEqual([
      'line 6: views must be a non-negative whole number',
      'line 7: _id "vid-2" appears again (first on line 2)',
    ]);
    expect(outcome.rejected).toEqual({ videos: 4, categories: 0 });
    expect(calls).toEqual([]);
  });

  it('names array records by index, and duplicates at their first index', async () => {
    const { writer } = fakeWriter();
    const path = fileWith(
      JSON.stringify([makeVideo(1), makeVideo(2), { ...makeVideo(1), views: 'x' }]),
    );
    expect(await importCatalogue(writer, { videos: path })).toMatchObject({
      ok: false,
      problems: [
        'index 2: views must be a non-negative whole number',
        'index 2: _id "vid-1" appears again (first at index 0)',
      ],
    });
  });

  it('names the file in each message when there are two', async () => {
    const { writer } = fakeWriter();
    const videosFile = fileWith(
      lines([makeVideo(1), { type: 'category', _id: 'c', categoryName: 'A', description: '' }]),
    );
    const categoriesFile = fileWith(
      lines([{ _id: 'c', categoryName: 'A', description: '' }, { _id: 'd' }]),
    );
    expect(
      await importCatalogue(writer, { videos: videosFile, categories: categoriesFile }),
    ).toMatchObject({
      ok: false,
      problems: [
        `${categoriesFile}: line 2: categoryName is required`,
        `${categoriesFile}: line 2: description is required`,
        `${videosFile}: line 2: _id "c" appears again (first on line 1 of ${categoriesFile})`,
      ],
      rejected: { videos: 0, categories: 2 },
    });
  });

  it('refuses an empty file and a broken array', async () => {
    const { writer } = fakeWriter();
    const empty = fileWith('\n\n');
    expect(await importCatalogue(writer, { videos: empty })).toMatchObject({
      ok: false,
      problems: [`${empty}: no videos found`],
    });
    const emptyArray = fileWith('[]', 'json');
    expect(await importCatalogue(writer, { videos: emptyArray })).toMatchObject({
      problems: [`${emptyArray}: no videos found`],
    });
    const broken = fileWith('[{"_id": 1', 'json');
    const outcome = await importCatalogue(writer, { videos: broken });
    expect(outcome.ok ? [] : outcome.problems).toEqual([
      expect.stringMatching(new RegExp(`^${broken}: not valid JSON \\(`)),
    ]);
    expect(outcome).toMatchObject({ refused: [broken] });
  });

  it('says which files were refused as a whole, apart from the records it rejected', async () => {
    const { writer, calls } = fakeWriter();
    const trailingComma = fileWith(`[${JSON.stringify(makeVideo(1))},]`, 'json');
    expect(await importCatalogue(writer, { videos: trailingComma })).toMatchObject({
      ok: false,
      rejected: { videos: 0, categories: 0 },
      refused: [trailingComma],
    });
    const moreLines = fileWith(
      `${JSON.stringify([makeVideo(1)])}\n${JSON.stringify(makeVideo(2))}\n`,
      'json',
    );
    const categories = fileWith(lines([{ _id: 'c', categoryName: 'HTML' }]));
    expect(await importCatalogue(writer, { videos: moreLines, categories })).toMatchObject({
      ok: false,
      problems: [
        `${categories}: line 1: description is required`,
        expect.stringMatching(new RegExp(`^${moreLines}: not valid JSON \\(`)),
      ],
      rejected: { videos: 0, categories: 1 },
      refused: [moreLines],
    });
    const badRecord = fileWith(lines([makeVideo(3, { views: -1 })]));
    expect(await importCatalogue(writer, { videos: badRecord })).toMatchObject({
      ok: false,
      rejected: { videos: 1, categories: 0 },
      refused: [],
    });
    expect(calls).toEqual([]);
  });

  it('lists the first 50 problems and counts the rest', async () => {
    const { writer } = fakeWriter();
    const path = fileWith(lines(Array.from({ length: 80 }, (_, n) => makeVideo(n, { views: -1 }))));
    const outcome = await importCatalogue(writer, { videos: path });
    expect(outcome.ok ? [] : outcome.problems).toHaveLength(51);
    expect(outcome.ok ? '' : outcome.problems.at(-1)).toBe('and 30 more');
    expect(outcome).toMatchObject({ rejected: { videos: 80 } });
  });
});
