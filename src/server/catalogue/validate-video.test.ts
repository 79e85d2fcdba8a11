import { describe, expect, it } from 'vitest';
import { seedCategories } from '../../api/seed/seed-data';
import { seedVideos } from '../../api/seed/videos';
import { checkRecord } from './validate-video';

const video = { ...seedVideos[0]! };

const problemsOf = (value: unknown, expect?: 'any' | 'category') => {
  const checked = checkRecord(value, expect);
  return checked.ok ? [] : checked.problems;
};

describe('checkRecord', () => {
  it('accepts every seed video and category', () => {
    for (const each of seedVideos)
      expect(checkRecord(each)).toEqual({ ok: true, kind: 'video', video: each });
    for (const each of seedCategories) {
      expect(checkRecord({ type: 'category', ...each })).toEqual({
        ok: true,
        kind: 'category',
        category: each,
      });
      expect(checkRecord(each, 'category')).toEqual({ ok: true, kind: 'category', category: each });
    }
  });

  it('accepts "type": "video" and drops the type from the video', () => {
    expect(checkRecord({ type: 'video', ...video })).toEqual({ ok: true, kind: 'video', video });
  });

  it('names a missing, null or blank required field', () => {
    const { title: _title, ...noTitle } = video;
    expect(problemsOf(noTitle)).toEqual(['title is required']);
    expect(problemsOf({ ...video, channelName: null })).toEqual(['channelName is required']);
    expect(problemsOf({ ...video, _id: '  ' })).toEqual(['_id is required']);
    expect(problemsOf({ ...video, categoryName: '' })).toEqual(['categoryName is required']);
  });

  it('lets avatar and description be empty, but only avatar missing', () => {
    expect(problemsOf({ ...video, avatar: '', description: '' })).toEqual([]);
    const { description: _description, ...noDescription } = video;
    expect(problemsOf(noDescription)).toEqual(['description is required']);
    const { avatar: _avatar, ...noAvatar } = video;
    for (const record of [noAvatar, { ...video, avatar: null }]) {
      expect(checkRecord(record)).toEqual({
        ok: true,
        kind: 'video',
        video: { ...video, avatar: '' },
      });
    }
    expect(problemsOf({ ...video, avatar: 3 })).toEqual(['avatar must be a string']);
  });

  it('takes an optional duration in whole seconds above 0', () => {
    expect(checkRecord({ ...video, duration: 725 })).toEqual({
      ok: true,
      kind: 'video',
      video: { ...video, duration: 725 },
    });
    // Unknown: no duration at all (not a duration of undefined).
    for (const record of [video, { ...video, duration: null }]) {
      const checked = checkRecord(record);
      expect(checked.ok && checked.kind === 'video' && 'duration' in checked.video).toBe(false);
    }
    // The largest a 32-bit column of either database holds, and no more.
    expect(problemsOf({ ...video, duration: 2_147_483_647 })).toEqual([]);
    for (const duration of [0, -5, 12.5, '12:05', 'PT12M5S', 2_147_483_648, true]) {
      expect(problemsOf({ ...video, duration }), String(duration)).toEqual([
        'duration must be a whole number of seconds from 1 to 2147483647',
      ]);
    }
  });

  it('wants views to be a non-negative whole number', () => {
    for (const views of [-1, 1.5, '12', Number.MAX_SAFE_INTEGER + 1, true]) {
      expect(problemsOf({ ...video, views })).toEqual([
        'views must be a non-negative whole number',
      ]);
    }
    expect(problemsOf({ ...video, views: 0 })).toEqual([]);
  });

  it('wants strings to be strings, without NUL', () => {
    expect(problemsOf({ ...video, title: 42 })).toEqual(['title must be a string']);
    expect(problemsOf({ ...video, description: 'a\u0000b' })).toEqual([
      'description must not contain the NUL character',
    ]);
  });

  it('wants every text to be valid Unicode: no lone surrogate', () => {
    for (const [field, value] of [
      ['_id', 's2\udfff'],
      ['title', '\ud800'],
      ['channelName', 'a\ud83db'],
      ['uploadedOn', '2020-11-22\ude00'],
      ['avatar', 'https://example.com/\udbff'],
      ['description', 'x\udc00\ud800'],
      ['categoryName', 'HTML\ud800'],
    ] as const) {
      const code = value
        .match(/\p{Surrogate}/u)![0]
        .charCodeAt(0)
        .toString(16);
      expect(problemsOf({ ...video, [field]: value })).toEqual([
        `${field} must be valid Unicode (a lone surrogate \\u${code})`,
      ]);
    }
    expect(problemsOf({ ...video, _id: 's2\udfff' })).toEqual([
      '_id must be valid Unicode (a lone surrogate \\udfff)',
    ]);
    const category = { type: 'category', _id: 'cat', categoryName: 'HTML', description: 'd' };
    for (const field of ['_id', 'categoryName', 'description'] as const) {
      expect(problemsOf({ ...category, [field]: 'x\ud800' })).toEqual([
        `${field} must be valid Unicode (a lone surrogate \\ud800)`,
      ]);
    }
    // A pair is one character (an emoji), not a lone surrogate.
    expect(problemsOf({ ...video, title: 'Party \ud83c\udf89', _id: '\ud83d\ude00' })).toEqual([]);
  });

  it('keeps channel and category names as short as the searches that ask for them', () => {
    // A chip or a channel page asks GET /api/videos?category= or ?channel=, which takes 200.
    expect(
      problemsOf({ ...video, channelName: 'c'.repeat(200), categoryName: 'k'.repeat(200) }),
    ).toEqual([]);
    expect(
      problemsOf({ ...video, channelName: 'c'.repeat(201), categoryName: 'k'.repeat(201) }),
    ).toEqual([
      'channelName must be at most 200 characters',
      'categoryName must be at most 200 characters',
    ]);
    expect(
      problemsOf({ _id: 'cat', categoryName: 'k'.repeat(201), description: '' }, 'category'),
    ).toEqual(['categoryName must be at most 200 characters']);
  });

  it("bounds a title and a description by YouTube's own limits: 100 and 5,000 characters (issue 42)", () => {
    // Characters, not UTF-16 units: an emoji is one.
    expect(
      problemsOf({ ...video, title: '😀'.repeat(100), description: 'é'.repeat(5_000) }),
    ).toEqual([]);
    expect(problemsOf({ ...video, title: 'a'.repeat(101) })).toEqual([
      "title must be at most 100 characters (YouTube's limit), not 101",
    ]);
    const hostile = `0:00 Intro a${' '.repeat(60_000)}b\n1:00 Next`;
    expect(problemsOf({ ...video, description: hostile })).toEqual([
      "description must be at most 5,000 characters (YouTube's limit), not 60,023",
    ]);
  });

  it('checks the id and the date', () => {
    expect(problemsOf({ ...video, _id: 'x'.repeat(129) })).toEqual([
      '_id must be at most 128 characters',
    ]);
    expect(problemsOf({ ...video, _id: ' abc' })).toEqual([
      '_id must not start or end with white space',
    ]);
    for (const _id of ['.', '..']) {
      expect(problemsOf({ ...video, _id })).toEqual(['_id cannot be "." or ".."']);
      expect(problemsOf({ _id, categoryName: 'HTML', description: '' }, 'category')).toEqual([
        '_id cannot be "." or ".."',
      ]);
    }
    for (const _id of ['...', '.a', 'a..', '.hidden'])
      expect(problemsOf({ ...video, _id })).toEqual([]);
    expect(problemsOf({ ...video, uploadedOn: '2021-02-30' })).toEqual([
      'uploadedOn must be a date (YYYY-MM-DD)',
    ]);
    expect(problemsOf({ ...video, uploadedOn: 'yesterday' })).toEqual([
      'uploadedOn must be a date (YYYY-MM-DD)',
    ]);
    expect(problemsOf({ ...video, uploadedOn: '2021-02-28T10:00:00Z' })).toEqual([]);
  });

  it('wants a time of uploadedOn to be one that exists, as new Date() reads it', () => {
    for (const uploadedOn of [
      '2020-11-22T25:00',
      '2020-11-22T24:00',
      '2020-11-22T23:60',
      '2020-11-22T23:99:99',
      '2020-11-22T23:59:60',
      '2020-11-22T10:00+99:99',
      '2020-11-22T10:00+14:01',
      '2020-11-22T10:00-15:00',
      '2020-11-22T10:00+05:60',
      '2020-11-22T10:00:00.Z',
      '2020-11-22T10',
      '2020-11-22 10:00',
    ]) {
      expect(problemsOf({ ...video, uploadedOn }), uploadedOn).toEqual([
        'uploadedOn must be a date (YYYY-MM-DD)',
      ]);
    }
    for (const uploadedOn of [
      '2020-11-22T00:00',
      '2020-11-22T23:59',
      '2020-11-22T23:59:59',
      '2020-11-22T23:59:59.999999Z',
      '2020-11-22T10:00+14:00',
      '2020-11-22T10:00-14:00',
      '2020-11-22T10:00+05:30',
      '2020-11-22T10:00-00:00',
      '2020-02-29T12:00:00Z',
    ]) {
      expect(problemsOf({ ...video, uploadedOn }), uploadedOn).toEqual([]);
      expect(Number.isNaN(new Date(uploadedOn).getTime()), uploadedOn).toBe(false);
    }
  });

  it('refuses unknown fields, other types and non-objects', () => {
    expect(problemsOf({ ...video, likes: 3 })).toEqual(['unknown field "likes"']);
    expect(problemsOf({ ...video, type: 'playlist' })).toEqual([
      'type must be "video" or "category"',
    ]);
    expect(problemsOf({ ...video, type: 'video' }, 'category')).toEqual([
      'type must be "category" in a categories file',
    ]);
    for (const value of [null, 3, 'video', [video]])
      expect(problemsOf(value)).toEqual(['not a JSON object']);
  });

  it('lists every broken rule of a record, in field order, and keeps its id', () => {
    const checked = checkRecord({ _id: 'abc', views: -3 });
    expect(checked).toEqual({
      ok: false,
      kind: 'video',
      id: 'abc',
      problems: [
        'title is required',
        'channelName is required',
        'views must be a non-negative whole number',
        'uploadedOn is required',
        'description is required',
        'categoryName is required',
      ],
    });
  });
});
