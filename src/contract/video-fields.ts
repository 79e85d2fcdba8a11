import * as z from 'zod/mini';
import { MAX_VIDEO_DURATION } from './limits';

/**
 * How an import file's value of a field is checked beyond the contract's type
 * (server/catalogue/validate-video.ts): `id` a non-blank id (at most 128 characters, no white
 * space around it, not `.` or `..`); `text` non-blank; `name` non-blank and no longer than a
 * query (a category's chip, a channel's page ask for it); `any-text` may be empty; `date`
 * YYYY-MM-DD with an optional time; `count` a non-negative whole number; `seconds` whole seconds
 * from 1 to MAX_VIDEO_DURATION. No text may hold NUL or a lone surrogate.
 */
export type ImportRule = 'id' | 'text' | 'name' | 'any-text' | 'date' | 'count' | 'seconds';

/** The import formats other than the native one (server/catalogue/foreign-formats.ts). */
export type ForeignFormat = 'yt-dlp' | 'youtube-api';

export interface VideoField {
  /** The contract's type; `z.optional` for a field a video may lack (then absent, never undefined). */
  schema: z.ZodMiniType;
  /** The column of the `videos` table; an optional field's is nullable (null: absent). */
  column: string;
  /** The column's SQL type (its migration says it; `bigint` reads back as a string on PostgreSQL). */
  sql: 'text' | 'integer' | 'bigint';
  /** The import rule (ImportRule). */
  rule: ImportRule;
  /** At most this many characters (code points) in an import: YouTube's own limit (issue 42). */
  youtubeLimit?: number;
  /** What an import file's missing or null value means, for a required field that has one. */
  importDefault?: string;
  /** The field's name in each foreign format, for the import's messages about it. */
  from: Record<ForeignFormat, string>;
  /**
   * An import --from leaves the field as it was when its file does not give it (issue 42); `quiet`:
   * without saying so (the avatar, which these formats rarely give).
   */
  keep?: 'said' | 'quiet';
}

/**
 * Every field of a catalogue video, in the order the API, the export and the import's messages
 * name them: the one place a field is declared. The contract's `videoSchema`, the SQL store's
 * columns and row mapping, the upsert's change check, the export and the import's checks all
 * read it.
 */
export const videoFields = {
  /** Also the YouTube id used for the thumbnail and the embed. */
  _id: {
    schema: z.string(),
    column: 'id',
    sql: 'text',
    rule: 'id',
    from: { 'yt-dlp': 'id', 'youtube-api': 'id' },
  },
  title: {
    schema: z.string(),
    column: 'title',
    sql: 'text',
    rule: 'text',
    youtubeLimit: 100,
    from: { 'yt-dlp': 'title', 'youtube-api': 'snippet.title' },
  },
  channelName: {
    schema: z.string(),
    column: 'channel_name',
    sql: 'text',
    rule: 'name',
    from: { 'yt-dlp': 'channel', 'youtube-api': 'snippet.channelTitle' },
  },
  views: {
    schema: z.number(),
    column: 'views',
    sql: 'bigint',
    rule: 'count',
    from: { 'yt-dlp': 'view_count', 'youtube-api': 'statistics.viewCount' },
    keep: 'said',
  },
  uploadedOn: {
    schema: z.string(),
    column: 'uploaded_on',
    sql: 'text',
    rule: 'date',
    from: { 'yt-dlp': 'upload_date', 'youtube-api': 'snippet.publishedAt' },
    keep: 'said',
  },
  avatar: {
    schema: z.string(),
    column: 'avatar',
    sql: 'text',
    rule: 'any-text',
    importDefault: '',
    from: { 'yt-dlp': 'avatar', 'youtube-api': 'avatar' },
    keep: 'quiet',
  },
  description: {
    schema: z.string(),
    column: 'description',
    sql: 'text',
    rule: 'any-text',
    youtubeLimit: 5_000,
    from: { 'yt-dlp': 'description', 'youtube-api': 'snippet.description' },
    keep: 'said',
  },
  categoryName: {
    schema: z.string(),
    column: 'category_name',
    sql: 'text',
    rule: 'name',
    from: { 'yt-dlp': 'category', 'youtube-api': 'category' },
  },
  /** The video's length in whole seconds, when the catalogue knows it (imports since issue 28). */
  duration: {
    schema: z.optional(z.int().check(z.positive(), z.lte(MAX_VIDEO_DURATION))),
    column: 'duration_seconds',
    sql: 'integer',
    rule: 'seconds',
    from: { 'yt-dlp': 'duration', 'youtube-api': 'contentDetails.duration' },
    keep: 'said',
  },
} as const satisfies Record<string, VideoField>;

export type VideoFields = typeof videoFields;
export type VideoFieldName = keyof VideoFields;

/** The fields' names in their order. */
export const videoFieldNames = Object.keys(videoFields) as VideoFieldName[];

/** The fields with their declarations, in their order. */
export const videoFieldEntries = Object.entries(videoFields) as [VideoFieldName, VideoField][];

/** The contract's shape of a video, field by field. */
export const videoShape = Object.fromEntries(
  videoFieldEntries.map(([name, field]) => [name, field.schema]),
) as { [K in VideoFieldName]: VideoFields[K]['schema'] };

/** Whether a video may lack the field (its schema is `z.optional`). */
export const isOptionalField = (field: Pick<VideoField, 'schema'>) =>
  field.schema._zod.optin === 'optional';

/**
 * The video made of these values, in field order, without the fields whose value is undefined or
 * null: absent, never `undefined` (an upsert compares videos field by field, an export leaves
 * them out).
 */
export function videoOf<V>(
  value: (name: VideoFieldName, field: VideoField) => V,
): Record<string, V> {
  const video: Record<string, V> = {};
  for (const [name, field] of videoFieldEntries) {
    const each = value(name, field);
    if (each !== undefined && each !== null) video[name] = each;
  }
  return video;
}

/** Whether two videos have the same fields with the same values (an upsert changes nothing). */
export function sameVideo(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return videoFieldNames.every((name) => left[name] === right[name]);
}
