import * as z from 'zod/mini';
import { categorySchema, type Category, type Video } from '../../contract/entities';
import { MAX_ID_LENGTH, MAX_QUERY_TEXT, MAX_VIDEO_DURATION } from '../../contract/limits';
import {
  isOptionalField,
  videoFieldEntries,
  type ImportRule,
  type VideoField,
} from '../../contract/video-fields';

/** What a record turned out to be, or every rule it breaks (one message per broken rule). */
export type Checked =
  | { ok: true; kind: 'video'; video: Video }
  | { ok: true; kind: 'category'; category: Category }
  | { ok: false; problems: string[]; id?: string; kind?: 'video' | 'category' };

/** How an import checks one field: the contract's type, its rule, and what missing means. */
type ImportField = Pick<VideoField, 'schema' | 'rule' | 'youtubeLimit' | 'importDefault'>;

const categoryFields: ReadonlyArray<readonly [keyof Category, ImportField]> = [
  ['_id', { schema: categorySchema.shape._id, rule: 'id' }],
  ['categoryName', { schema: categorySchema.shape.categoryName, rule: 'name' }],
  ['description', { schema: categorySchema.shape.description, rule: 'any-text' }],
];

/** Characters (code points: an emoji is one), counted only when the UTF-16 length may be over. */
function longerThan(value: string, max: number): number | undefined {
  if (value.length <= max) return undefined;
  let count = 0;
  for (const _character of value) count += 1;
  return count > max ? count : undefined;
}

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

/** The first rule a text breaks beyond being a string, or undefined. */
function textProblem(name: string, field: ImportField, value: string): string | undefined {
  const { rule, youtubeLimit: limit } = field;
  // Before the scans below: a hostile length costs one count, not every check.
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
  if (rule === 'any-text') return undefined;
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

/** The message of a value the contract's type refuses, by rule. */
function typeProblem(name: string, rule: ImportRule): string {
  if (rule === 'count') return `${name} must be a non-negative whole number`;
  if (rule === 'seconds') {
    return `${name} must be a whole number of seconds from 1 to ${MAX_VIDEO_DURATION}`;
  }
  return `${name} must be a string`;
}

/** The contract's schema of a field plus the import's refinements of its rule. */
function importSchema(name: string, field: ImportField): z.ZodMiniType {
  const refinement = z.check<unknown>((payload) => {
    const { value } = payload;
    const problem =
      typeof value === 'string'
        ? textProblem(name, field, value)
        : field.rule === 'count' && !(Number.isSafeInteger(value) && (value as number) >= 0)
          ? typeProblem(name, field.rule)
          : undefined;
    if (problem !== undefined)
      payload.issues.push({ code: 'custom', message: problem, input: value });
  });
  return field.schema.check(refinement);
}

const videoImportSchemas = videoFieldEntries.map(
  ([name, field]) => [name, field, importSchema(name, field)] as const,
);
const categoryImportSchemas = categoryFields.map(
  ([name, field]) => [name, field, importSchema(name, field)] as const,
);

/**
 * A record's fields checked one by one, in field order: the first broken rule of each, then
 * every field the entity does not have. A missing or null value is the field's `importDefault`,
 * absent when the field is optional (never `undefined`), or required.
 */
function checkFields(
  record: Record<string, unknown>,
  fields: ReadonlyArray<readonly [string, ImportField, z.ZodMiniType]>,
): { problems: string[]; value: Record<string, unknown> } {
  const problems: string[] = [];
  const value: Record<string, unknown> = {};
  for (const [name, field, schema] of fields) {
    const given = record[name];
    if (given === undefined || given === null) {
      if (field.importDefault !== undefined) value[name] = field.importDefault;
      else if (!isOptionalField(field)) problems.push(`${name} is required`);
      continue;
    }
    const parsed = z.safeParse(schema, given, { error: () => typeProblem(name, field.rule) });
    if (parsed.success) value[name] = parsed.data;
    else problems.push(parsed.error.issues[0]!.message);
  }
  const known = new Set(['type', ...fields.map(([name]) => name)]);
  for (const name of Object.keys(record)) {
    if (!known.has(name)) problems.push(`unknown field ${JSON.stringify(name)}`);
  }
  return { problems, value };
}

/**
 * Checks one record of an import file. A record is a video unless it says `"type": "category"`
 * (`"type": "video"` may be said too); in a categories file (`expect: 'category'`) every record
 * is a category. Only the entity's fields (and `type`) are allowed, each checked by the
 * contract's schema and its import rule (video-fields.ts): every field is required but `avatar`
 * (missing or null: empty) and the optional ones like `duration` (missing or null: unknown).
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
  const checked = checkFields(
    record,
    kind === 'video' ? videoImportSchemas : categoryImportSchemas,
  );
  if (checked.problems.length > 0) return { ok: false, problems: checked.problems, id, kind };
  return kind === 'video'
    ? { ok: true, kind, video: checked.value as Video }
    : { ok: true, kind, category: checked.value as Category };
}
