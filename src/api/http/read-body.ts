import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../contract/limits';
import { ApiError } from './errors';

/**
 * Checks a value (a query, a parsed body) against a schema: a 422 whose messages name each
 * offending field and its rule in plain words ('title must be at most 200 characters').
 */
export function parseOrReject<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
): z.infer<Schema> {
  // The rule's words come from the schema's own `error` when it has one, else from `ruleOf`:
  // never from zod's locale, whose texts name regexes and types ('Invalid string: must match…').
  const result = schema.safeParse(value, { reportInput: true, error: ruleOf });
  if (!result.success) throw new ApiError(422, result.error.issues.map(describeIssue));
  return result.data;
}

/** `application/json` or a `+json` type (`application/merge-patch+json`), with any parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Reads a JSON body and checks it against a schema. A body that is not sent as JSON is a 415;
 * malformed JSON is a 400; JSON nested too deep or holding too many values is a 422 before it is
 * parsed; a body of the wrong shape is a 422 whose messages name each offending field. An empty
 * body reads as `{}` whatever its type, so a missing body is reported field by field too.
 */
export async function readBody<Schema extends z.ZodMiniType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    if (!isJsonMediaType(c.req.header('content-type'))) throw ApiError.of('unsupportedMediaType');
    const tooBig = jsonSizeProblem(text);
    if (tooBig) throw new ApiError(422, [tooBig]);
    try {
      value = JSON.parse(text);
    } catch {
      throw ApiError.of('malformedJson');
    }
  }
  const unstorable = unstorableText(value);
  if (unstorable) throw new ApiError(422, [unstorable]);
  return parseOrReject(schema, value);
}

/**
 * What makes JSON text too costly to parse and walk, found in one pass over the text before
 * JSON.parse: nesting deeper than MAX_JSON_DEPTH (parsing half a million levels takes 0.1-0.2 s)
 * or more than MAX_JSON_VALUES values and keys (a megabyte of `{},` is 300,000 objects). No body
 * the API takes comes near either. Malformed text is left to JSON.parse.
 */
function jsonSizeProblem(text: string): string | undefined {
  // A body this short cannot break either rule: each level takes a byte, each value two.
  if (text.length <= Math.min(MAX_JSON_DEPTH, MAX_JSON_VALUES * 2)) return undefined;
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return `body must nest at most ${MAX_JSON_DEPTH} levels deep`;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    } else if (code === COMMA || code === COLON) {
      // Each comma starts another value or key; each colon follows a key.
      values += 1;
      if (values > MAX_JSON_VALUES) {
        return `body must hold at most ${MAX_JSON_VALUES.toLocaleString('en')} values`;
      }
    }
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** A UTF-16 surrogate that is not part of a pair (with the u flag, pairs are one character). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The first text in a body (a value or a key, however deep) that no database keeps as sent: a NUL
 * (PostgreSQL refuses it; SQLite would keep it, so `a@b.c` and `a@b.c\0` would be two accounts)
 * or half of a UTF-16 pair (JSON's "\ud800": stored as U+FFFD, on each database differently, so
 * an email holding one could never sign in again). Walked without recursion: bodies nest deep.
 */
function unstorableText(body: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: 'body' }];
  const problemOf = (text: string, path: string) => {
    if (text.includes('\u0000')) return `${path} must not contain the NUL character`;
    const surrogate = LONE_SURROGATE.exec(text)?.[0];
    if (surrogate === undefined) return undefined;
    const code = surrogate.charCodeAt(0).toString(16);
    return `${path} must be valid Unicode (a lone surrogate \\u${code})`;
  };
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      const problem = problemOf(value, path);
      if (problem) return problem;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const innerPath = path === 'body' ? key : `${path}.${key}`;
        const problem = problemOf(key, innerPath);
        if (problem) return problem;
        pending.push({ value: inner, path: innerPath });
      }
    }
  }
  return undefined;
}

/** What a schema issue tells (zod's raw issue, loosely: only the fields read here). */
interface Issue {
  code?: string;
  message?: string;
  origin?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  minimum?: number | bigint | Date;
  maximum?: number | bigint | Date;
  inclusive?: boolean;
  format?: string;
  divisor?: number | bigint;
  keys?: string[];
  values?: unknown[];
}

/** The field an issue is about, as the request names it: `video._id`, `note.time`, `body`. */
function fieldOf(issue: Issue): string {
  const path = issue.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : 'body';
}

/** Turns a schema issue into a sentence that names the field, e.g. "video._id is required". */
export function describeIssue(issue: Issue): string {
  return `${fieldOf(issue)} ${issue.message ?? ruleOf(issue)}`;
}

/** A JSON type as people read it. */
const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list (a JSON array)',
  null: 'null',
};

const listed = (values: readonly unknown[]) =>
  values.map((value) => JSON.stringify(value)).join(', ');

/**
 * The rule an issue broke, in words that follow the field's name: 'is required', 'must be at most
 * 200 characters', 'must be a whole number'. Used as the parse's error map, so it sees zod's raw
 * issues; every kind of issue gets a sentence, the unexpected ones a general one.
 */
export function ruleOf(issue: Issue): string {
  const numeric = issue.origin === 'number' || issue.origin === 'int';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${typeNames[issue.expected ?? ''] ?? 'a different kind of value'}`;
    case 'too_small': {
      const minimum = String(issue.minimum);
      if (numeric) {
        return issue.inclusive === false
          ? `must be greater than ${minimum}`
          : `must be at least ${minimum}`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at least ${minimum} ${minimum === '1' ? 'item' : 'items'}`;
      }
      return minimum === '1' ? 'must not be empty' : `must be at least ${minimum} characters`;
    }
    case 'too_big': {
      const maximum = String(issue.maximum);
      if (numeric) {
        return issue.inclusive === false
          ? `must be less than ${maximum}`
          : `must be at most ${maximum}`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at most ${maximum} ${maximum === '1' ? 'item' : 'items'}`;
      }
      return `must be at most ${maximum} ${maximum === '1' ? 'character' : 'characters'}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an email address like name@example.com';
      return 'is not in a form this field accepts';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? `must be one of ${listed(issue.values)}`
        : 'is not a value this field accepts';
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return keys.length === 1
        ? `has a field this request does not take: ${keys.join('')}`
        : `has fields this request does not take: ${keys.join(', ')}`;
    }
    case 'invalid_union':
      return 'is not in a form this field accepts';
    default:
      return 'is not a value this field accepts';
  }
}
