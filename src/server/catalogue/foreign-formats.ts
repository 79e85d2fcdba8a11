import {
  videoFieldEntries,
  type ForeignFormat,
  type VideoFieldName,
  type VideoFields,
} from '../../contract/video-fields';
import type { SourceRecord } from './read-records';

/**
 * What operators have instead of the native format (issue 28): `yt-dlp` (`-J` playlist, channel
 * or video objects, `-j` lines, flat or not) and `youtube-api` (YouTube Data API v3 `videos.list`
 * responses). Each record of such a file becomes native video records (checked by checkRecord
 * afterwards); the fields these formats have beyond the ones read here are ignored.
 */
export type { ForeignFormat };

export const FOREIGN_FORMATS: readonly ForeignFormat[] = ['yt-dlp', 'youtube-api'];

export interface ForeignOptions {
  /** `--category <name>`: every video's category, whatever the file says. */
  category?: string;
  /** The date of the import (YYYY-MM-DD): a video's date when the file gives none. */
  importedOn: string;
}

/** One video of a foreign file, as a native record, or why it cannot be one, or why it is left out. */
export type ForeignEntry = { where: string } & (
  | {
      kind: 'video';
      record: Record<string, unknown>;
      /** The playlist it came from (yt-dlp), for the import's source. */
      playlist?: string;
      /**
       * The fields the file did not give (missing or null): the record holds what a new video gets
       * (0 views, empty, unknown length, the import's day); a video already in the catalogue keeps
       * its own (issue 42).
       */
      absent?: KeepableField[];
    }
  | { kind: 'problem'; problems: string[]; id?: string }
  /** An unavailable video a playlist still lists (private, deleted): not imported. */
  | { kind: 'skipped'; id?: string }
);

/** The fields an import leaves as they were when its file does not give them (video-fields.ts). */
export type KeepableField = {
  [K in VideoFieldName]: VideoFields[K] extends { keep: string } ? K : never;
}[VideoFieldName];

/** The field names of a format, for checkRecord's messages about the native record made of it. */
export const FIELD_NAMES = Object.fromEntries(
  FOREIGN_FORMATS.map((format) => [
    format,
    Object.fromEntries(videoFieldEntries.map(([name, field]) => [name, field.from[format]])),
  ]),
) as Record<ForeignFormat, Record<string, string>>;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Where a part of a record is, as jq would reach it from the record: `entries[2]` of the file's
 * one object, `line 3, entries[2]`, `index 1, items[0]`, `entries[2].entries[5]`.
 */
function inside(where: string, path: string): string {
  if (where === 'the object') return path;
  if (where.endsWith(']')) return `${where}${path.startsWith('[') ? '' : '.'}${path}`;
  return `${where}, ${path}`;
}

/**
 * YouTube's own video categories (`snippet.categoryId`), named as YouTube names them: the names
 * yt-dlp gives in `categories`, so both formats put a video in the same category.
 */
export const YOUTUBE_CATEGORIES: Readonly<Record<string, string>> = {
  '1': 'Film & Animation',
  '2': 'Autos & Vehicles',
  '10': 'Music',
  '15': 'Pets & Animals',
  '17': 'Sports',
  '19': 'Travel & Events',
  '20': 'Gaming',
  '22': 'People & Blogs',
  '23': 'Comedy',
  '24': 'Entertainment',
  '25': 'News & Politics',
  '26': 'Howto & Style',
  '27': 'Education',
  '28': 'Science & Technology',
  '29': 'Nonprofits & Activism',
};

const NO_CATEGORY =
  'no category: the file gives none here; name one for the whole import with --category <name>';

/** Seconds to whole seconds above 0, or undefined (unknown, a live stream, under half a second). */
function wholeSeconds(seconds: unknown): number | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  const rounded = Math.round(seconds);
  return rounded > 0 ? rounded : undefined;
}

// ---------------------------------------------------------------------------------------------
// yt-dlp

/** Titles yt-dlp gives the entries of a playlist that cannot be watched any more. */
const UNAVAILABLE_TITLES = new Set(['[Private video]', '[Deleted video]']);

/** `20240305` → `2024-03-05` (what `upload_date` holds, when it is not null). */
function ytDlpDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{8}$/.test(value)) return undefined;
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}

/** Epoch seconds → the UTC date (YYYY-MM-DD). */
function epochDate(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const date = new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** A channel's own avatar among a channel object's thumbnails (yt-dlp names it so). */
function channelAvatar(thumbnails: unknown): string | undefined {
  if (!Array.isArray(thumbnails)) return undefined;
  const avatar = thumbnails.find(
    (thumbnail): thumbnail is Json => isObject(thumbnail) && thumbnail.id === 'avatar_uncropped',
  );
  return avatar ? text(avatar.url) : undefined;
}

/** What an entry inherits from the playlist (or channel) object that holds it. */
interface YtDlpParent {
  /** The playlist's id: the import's source. */
  id?: string;
  /** The channel whose own tab this is, its name and avatar. */
  channelId?: string;
  channel?: string;
  avatar?: string;
}

function ytDlpVideo(
  value: Json,
  where: string,
  parent: YtDlpParent | undefined,
  options: ForeignOptions,
): ForeignEntry {
  const id = text(value.id);
  const title = typeof value.title === 'string' ? value.title : undefined;
  if ((title && UNAVAILABLE_TITLES.has(title)) || value.availability === 'private') {
    return { where, kind: 'skipped', id };
  }
  const problems: string[] = [];
  const type = value._type;
  if ((type === 'url' || type === 'url_transparent') && value.ie_key !== 'Youtube') {
    const url = typeof value.url === 'string' ? ` (${value.url})` : '';
    return {
      where,
      kind: 'problem',
      id,
      problems: [
        `a link to a playlist or a channel's tab${url}, not a video: run yt-dlp on that address itself (a channel's videos: https://www.youtube.com/@name/videos)`,
      ],
    };
  }
  // A channel's own tab: its entries are that channel's, even where yt-dlp leaves them unnamed.
  const sameChannel =
    parent?.channelId !== undefined &&
    (text(value.channel_id) === undefined || value.channel_id === parent.channelId);
  const channel =
    text(value.channel) ?? text(value.uploader) ?? (sameChannel ? parent?.channel : undefined);
  if (channel === undefined) problems.push('channel is required (neither channel nor uploader)');
  const category =
    options.category ?? (Array.isArray(value.categories) ? text(value.categories[0]) : undefined);
  if (category === undefined) problems.push(NO_CATEGORY);
  const absent: KeepableField[] = [];
  const given = <T>(field: KeepableField, found: T | undefined, otherwise: T): T => {
    if (found !== undefined) return found;
    absent.push(field);
    return otherwise;
  };
  const views = given('views', value.view_count ?? undefined, 0);
  const uploadedOn = given(
    'uploadedOn',
    ytDlpDate(value.upload_date) ??
      epochDate(value.timestamp) ??
      epochDate(value.release_timestamp),
    options.importedOn,
  );
  const avatar = given('avatar', sameChannel ? parent?.avatar : undefined, '');
  const description = given('description', value.description ?? undefined, '');
  if (problems.length > 0) return { where, kind: 'problem', id, problems };
  const record: Json = {
    _id: value.id,
    title: value.title,
    channelName: channel,
    views,
    uploadedOn,
    avatar,
    description,
    categoryName: category,
  };
  // A duration yt-dlp gives as a number but too short to count (a live stream) is unknown: said.
  if (value.duration === undefined || value.duration === null) absent.push('duration');
  const duration = wholeSeconds(value.duration);
  if (duration !== undefined) record.duration = duration;
  const playlist = parent?.id ?? text(value.playlist_id);
  return { where, kind: 'video', record, absent, ...(playlist ? { playlist } : {}) };
}

function* ytDlpRecord(
  value: unknown,
  where: string,
  parent: YtDlpParent | undefined,
  options: ForeignOptions,
): Generator<ForeignEntry> {
  if (!isObject(value)) {
    yield { where, kind: 'problem', problems: ['not a JSON object'] };
    return;
  }
  if (value.kind === 'youtube#videoListResponse') {
    yield {
      where,
      kind: 'problem',
      problems: [
        'a YouTube Data API response, not yt-dlp output: import it with --from youtube-api',
      ],
    };
    return;
  }
  if (value._type === 'playlist' || Array.isArray(value.entries)) {
    if (!Array.isArray(value.entries)) {
      yield { where, kind: 'problem', problems: ['a playlist without entries'] };
      return;
    }
    const channelId = text(value.channel_id);
    const own: YtDlpParent = {
      // Nested playlists (a channel's tabs without --flat-playlist) keep the outer id: the source
      // is what the operator asked yt-dlp for.
      id: parent?.id ?? text(value.id),
      // A channel's tab has the channel's id (UC…) as its own.
      ...(channelId !== undefined && channelId === value.id
        ? {
            channelId,
            channel: text(value.channel) ?? text(value.uploader),
            avatar: channelAvatar(value.thumbnails),
          }
        : {
            channelId: parent?.channelId,
            channel: parent?.channel,
            avatar: parent?.avatar,
          }),
    };
    for (const [index, entry] of value.entries.entries()) {
      yield* ytDlpRecord(entry, inside(where, `entries[${index}]`), own, options);
    }
    return;
  }
  yield ytDlpVideo(value, where, parent, options);
}

// ---------------------------------------------------------------------------------------------
// YouTube Data API v3

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** `PT1H2M3S` → 3723 (weeks and days too); undefined when it is not such a duration. */
export function parseIsoDuration(value: string): number | undefined {
  const match = ISO_DURATION.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return undefined;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return (((weeks! * 7 + days!) * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
}

function apiVideo(item: unknown, where: string, options: ForeignOptions): ForeignEntry {
  if (!isObject(item)) return { where, kind: 'problem', problems: ['not a JSON object'] };
  const id = text(item.id);
  const problems: string[] = [];
  const snippet = item.snippet;
  if (!isObject(snippet)) {
    return {
      where,
      kind: 'problem',
      id,
      problems: ['snippet is missing: ask videos.list for part=snippet,contentDetails,statistics'],
    };
  }
  // videos.list has no avatar; the other fields are there when their part was asked for.
  const absent: KeepableField[] = ['avatar'];
  if (snippet.publishedAt === undefined || snippet.publishedAt === null) absent.push('uploadedOn');
  if (snippet.description === undefined || snippet.description === null) {
    absent.push('description');
  }
  const record: Json = {
    _id: item.id,
    title: snippet.title,
    channelName: snippet.channelTitle,
    views: 0,
    uploadedOn: snippet.publishedAt ?? options.importedOn,
    avatar: '',
    description: snippet.description ?? '',
  };
  const categoryId = snippet.categoryId;
  const category =
    options.category ??
    (typeof categoryId === 'string' ? YOUTUBE_CATEGORIES[categoryId] : undefined);
  if (category === undefined) {
    problems.push(
      categoryId === undefined
        ? NO_CATEGORY
        : `snippet.categoryId ${JSON.stringify(categoryId)} is not one of YouTube's categories; name one for the whole import with --category <name>`,
    );
  }
  record.categoryName = category;
  // Without part=statistics there is no count to take; with it, a hidden count is none (0).
  if (!isObject(item.statistics)) absent.push('views');
  // Without part=contentDetails the length is not said; P0D (a live stream) says it is unknown.
  if (!isObject(item.contentDetails) || item.contentDetails.duration === undefined) {
    absent.push('duration');
  }
  const statistics = isObject(item.statistics) ? item.statistics : {};
  // Counts are strings in this API; a video may hide its count (none at all).
  const viewCount = statistics.viewCount;
  if (typeof viewCount === 'string' && /^\d+$/.test(viewCount)) {
    record.views = Number(viewCount);
  } else if (viewCount !== undefined) {
    problems.push(`statistics.viewCount must be a count (a string of digits)`);
  }
  const contentDetails = isObject(item.contentDetails) ? item.contentDetails : {};
  const duration = contentDetails.duration;
  if (typeof duration === 'string') {
    const seconds = parseIsoDuration(duration);
    if (seconds === undefined) {
      problems.push(
        `contentDetails.duration ${JSON.stringify(duration)} is not an ISO 8601 duration (PT1H2M3S)`,
      );
    } else {
      const whole = wholeSeconds(seconds);
      if (whole !== undefined) record.duration = whole;
    }
  } else if (duration !== undefined) {
    problems.push('contentDetails.duration must be an ISO 8601 duration (PT1H2M3S)');
  }
  if (problems.length > 0) return { where, kind: 'problem', id, problems };
  return { where, kind: 'video', record, absent };
}

function* apiRecord(
  value: unknown,
  where: string,
  options: ForeignOptions,
): Generator<ForeignEntry> {
  // An array of responses read as one JSON array already comes a response at a time; an array
  // inside a line holds responses too.
  if (Array.isArray(value)) {
    for (const [index, response] of value.entries()) {
      yield* apiRecord(response, inside(where, `[${index}]`), options);
    }
    return;
  }
  if (!isObject(value)) {
    yield { where, kind: 'problem', problems: ['not a JSON object'] };
    return;
  }
  if (value.kind !== 'youtube#videoListResponse') {
    const hint =
      value._type !== undefined || value.extractor !== undefined
        ? ' (this looks like yt-dlp output: import it with --from yt-dlp)'
        : '';
    yield {
      where,
      kind: 'problem',
      problems: [`kind must be "youtube#videoListResponse" (a videos.list response)${hint}`],
    };
    return;
  }
  if (!Array.isArray(value.items)) {
    yield { where, kind: 'problem', problems: ['items must be a list'] };
    return;
  }
  for (const [index, item] of value.items.entries()) {
    yield apiVideo(item, inside(where, `items[${index}]`), options);
  }
}

/** The videos of one record of a foreign file, in file order. */
export function foreignEntries(
  format: ForeignFormat,
  record: SourceRecord,
  options: ForeignOptions,
): Iterable<ForeignEntry> {
  if (!record.ok) return [{ where: record.where, kind: 'problem', problems: [record.problem] }];
  return format === 'yt-dlp'
    ? ytDlpRecord(record.value, record.where, undefined, options)
    : apiRecord(record.value, record.where, options);
}
