import type { Category, Video } from '../../contract/entities';
import { MAX_ID_LENGTH, MAX_QUERY_TEXT, MAX_VIDEO_DURATION } from '../../contract/limits';

/**
 * YouTube's own limits on a video's title and description, in characters (issue 42): no video of
 * YouTube's is longer, so a longer one is refused, with its line, like any broken rule (docs/operators.md,
 * "The catalogue"). The watch page's chapters read the description.
 */
export const MAX_TITLE_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 5_000;

const TEXT_LIMITS: Readonly<Record<string, number>> = {
  title: MAX_TITLE_LENGTH,
  description: MAX_DESCRIPTION_LENGTH,
};

/** Characters (code points: an emoji is one), counted only when the UTF-16 length may be over. */
function longerThan(value: string, max: number): number | undefined {
  if (value.length <= max) return undefined;
  let count = 0;
  for (const _character of value) count += 1;
  return count > max ? count : undefined;
}

/** What a record turned out to be, or every rule it breaks (one message per broken rule). */
export type Checked =
  | { ok: true; kind: 'video'; video: Video }
  | { ok: true; kind: 'category'; category: Category }
  | { ok: false; problems: string[]; id?: string; kind?: 'video' | 'category' };

/** `name`: text the app also asks for by (a category's chip, a channel's page), so no longer than
 * a query may be. */
type Rule =
  | 'text'
  | 'name'
  | 'optional-text'
  | 'id'
  | 'date'
  | 'views'
  /** Text that may also be missing or null (then empty). */
  | 'absent-or-text'
  /** Whole seconds from 1 to MAX_VIDEO_DURATION, or missing or null (unknown). */
  | 'duration';

/** The Video entity's fields in their usual order, and the rule each must follow. */
const videoFields: ReadonlyArray<readonly [keyof Video, Rule]> = [
  ['_id', 'id'],
  ['title', 'text'],
  ['channelName', 'name'],
  ['views', 'views'],
  ['uploadedOn', 'date'],
  ['avatar', 'absent-or-text'],
  ['description', 'optional-text'],
  ['categoryName', 'name'],
  ['duration', 'duration'],
];

const categoryFields: ReadonlyArray<readonly [keyof Category, Rule]> = [
  ['_id', 'id'],
  ['categoryName', 'name'],
  ['description', 'optional-text'],
];

/**
 * `YYYY-MM-DD`, optionally followed by an ISO 8601 time: hours 00–23, minutes and seconds 00–59,
 * any fraction of a second, and Z or an offset from -14:00 to +14:00.
 */
const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))?)?$/;

/**
 * A date that exists (no 30 February), which `new Date()` reads to a moment: the app shows a
 * video's age from it (formatAge), and shows the text as it is when it cannot.
 */
function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(new Date(text).getTime())
  );
}

/** A UTF-16 surrogate that is not part of a pair (with the u flag, pairs are one character). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The broken rule of one field's value, or undefined when it is fine. */
function checkField(name: string, rule: Rule, value: unknown): string | undefined {
  const absent = value === undefined || value === null;
  if (absent && (rule === 'absent-or-text' || rule === 'duration')) return undefined;
  if (absent) return `${name} is required`;
  if (rule === 'duration') {
    return typeof value === 'number' &&
      Number.isInteger(value) &&
      value > 0 &&
      value <= MAX_VIDEO_DURATION
      ? undefined
      : `${name} must be a whole number of seconds from 1 to ${MAX_VIDEO_DURATION}`;
  }
  if (rule === 'views') {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? undefined
      : `${name} must be a non-negative whole number`;
  }
  if (typeof value !== 'string') return `${name} must be a string`;
  // Before the scans below: a hostile length costs one count, not every check.
  const limit = TEXT_LIMITS[name];
  const length = limit === undefined ? undefined : longerThan(value, limit);
  if (limit !== undefined && length !== undefined) {
    return `${name} must be at most ${limit.toLocaleString('en')} characters (YouTube's limit), not ${length.toLocaleString('en')}`;
  }
  // PostgreSQL cannot store the NUL character in text.
  if (value.includes('\u0000')) return `${name} must not contain the NUL character`;
  // Half of a UTF-16 pair alone (JSON's "\ud800") has no UTF-8 form: stored, it would read back
  // as U+FFFD and never match the file again.
  const surrogate = LONE_SURROGATE.exec(value)?.[0];
  if (surrogate !== undefined) {
    return `${name} must be valid Unicode (a lone surrogate \\u${surrogate.charCodeAt(0).toString(16)})`;
  }
  if (rule === 'optional-text' || rule === 'absent-or-text') return undefined;
  if (value.trim() === '') return `${name} is required`;
  if (rule === 'id' && value.length > MAX_ID_LENGTH) {
    return `${name} must be at most ${MAX_ID_LENGTH} characters`;
  }
  if (rule === 'id' && value !== value.trim()) {
    return `${name} must not start or end with white space`;
  }
  if (rule === 'name' && value.length > MAX_QUERY_TEXT) {
    return `${name} must be at most ${MAX_QUERY_TEXT} characters`;
  }
  // URLs drop them as dot segments: /api/video/.. is /api/, so such a video could never be served.
  if (rule === 'id' && (value === '.' || value === '..')) return `${name} cannot be "." or ".."`;
  if (rule === 'date' && !isRealDate(value)) return `${name} must be a date (YYYY-MM-DD)`;
  return undefined;
}

function checkFields(
  record: Record<string, unknown>,
  fields: ReadonlyArray<readonly [string, Rule]>,
): string[] {
  const problems: string[] = [];
  for (const [name, rule] of fields) {
    const problem = checkField(name, rule, record[name]);
    if (problem) problems.push(problem);
  }
  const known = new Set(['type', ...fields.map(([name]) => name)]);
  for (const name of Object.keys(record)) {
    if (!known.has(name)) problems.push(`unknown field ${JSON.stringify(name)}`);
  }
  return problems;
}

/**
 * Checks one record of an import file. A record is a video unless it says `"type": "category"`
 * (`"type": "video"` may be said too); in a categories file (`expect: 'category'`) every record
 * is a category. Only the entity's fields (and `type`) are allowed; every field but `avatar` and
 * `duration` is required: `_id`, `title`, `channelName` and `categoryName` must be non-blank
 * strings (an `_id` at most 128 characters, without white space around it, not `.` or `..`),
 * `views` a non-negative whole number, `uploadedOn` a date, `avatar` and `description` strings
 * (may be empty; a missing or null `avatar` is empty), `duration` whole seconds from 1 to MAX_VIDEO_DURATION (missing
 * or null: unknown); no text may hold NUL or a lone surrogate.
 */
export function checkRecord(value: unknown, expect: 'any' | 'category' = 'any'): Checked {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: ['not a JSON object'] };
  }
  const record = value as Record<string, unknown>;
  const type = record.type;
  let kind: 'video' | 'category';
  if (expect === 'category') {
    if (type !== undefined && type !== 'category') {
      return { ok: false, problems: ['type must be "category" in a categories file'] };
    }
    kind = 'category';
  } else if (type === undefined || type === 'video') {
    kind = 'video';
  } else if (type === 'category') {
    kind = 'category';
  } else {
    return { ok: false, problems: ['type must be "video" or "category"'] };
  }
  const id = typeof record._id === 'string' ? record._id : undefined;
  const problems = checkFields(record, kind === 'video' ? videoFields : categoryFields);
  if (problems.length > 0) return { ok: false, problems, id, kind };
  if (kind === 'video') {
    const video: Video = {
      _id: record._id as string,
      title: record.title as string,
      channelName: record.channelName as string,
      views: record.views as number,
      uploadedOn: record.uploadedOn as string,
      avatar: (record.avatar as string | null | undefined) ?? '',
      description: record.description as string,
      categoryName: record.categoryName as string,
    };
    if (typeof record.duration === 'number') video.duration = record.duration;
    return { ok: true, kind, video };
  }
  const category: Category = {
    _id: record._id as string,
    categoryName: record.categoryName as string,
    description: record.description as string,
  };
  return { ok: true, kind, category };
}
