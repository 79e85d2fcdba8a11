import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { ApiError } from './errors';

/**
 * Reads a JSON body and checks it against a schema. Malformed JSON is a 400; a body of the wrong
 * shape is a 422 whose messages name each offending field. An empty body reads as `{}`, so a
 * missing body is reported field by field too.
 */
/** Checks a value (a query, a parsed body) against a schema: 422 naming each offending field. */
export function parseOrReject<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ApiError(422, result.error.issues.map(describeIssue));
  return result.data;
}

export async function readBody<Schema extends z.ZodMiniType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw ApiError.of('malformedJson');
    }
  }
  return parseOrReject(schema, value);
}

interface Issue {
  code: string;
  message?: string;
  origin?: string;
  path: PropertyKey[];
  input?: unknown;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
}

/** Turns a schema issue into a sentence that names the field, e.g. "video._id is required". */
export function describeIssue(issue: Issue): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'The body';
  // A schema that words its own message ("must be a whole number") says it best.
  if (issue.message && issue.message !== 'Invalid input') return `${field} ${issue.message}`;
  const numeric = issue.origin === 'number';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${article(issue.expected ?? 'a value')}`;
    case 'too_small':
      if (numeric) return `${field} must be at least ${String(issue.minimum)}`;
      return issue.minimum === 1
        ? `${field} must not be empty`
        : `${field} must have at least ${String(issue.minimum)} characters`;
    case 'too_big':
      if (numeric) return `${field} must be at most ${String(issue.maximum)}`;
      return `${field} must have at most ${String(issue.maximum)} characters`;
    case 'invalid_format':
      return `${field} must be a valid ${field.endsWith('email') ? 'email address' : (issue.format ?? 'value')}`;
    default:
      return `${field} is invalid`;
  }
}

function article(expected: string): string {
  if (expected === 'object') return 'an object';
  if (expected === 'array') return 'an array';
  return `a ${expected}`;
}
