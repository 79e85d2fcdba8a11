// The server loads zod's English texts ('Invalid string: must match pattern /…/') by importing the
// full zod (src/server/config.ts); load them here too, so a message that fell through to them fails.
import 'zod';
import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import * as requests from '../../contract/requests';
import { routeTable } from '../../contract/routes';
import { MemoryStore } from '../store/memory-store';
import { createHarness } from '../testing/api-harness';
import { ApiError } from './errors';
import { describeIssue, parseOrReject, ruleOf } from './read-body';
import { unstorableTextMessage } from './store-errors';

/** A field's name, then what is wrong with it in plain words. */
const readable = /^[A-Za-z_][\w.]* (is|must|has) [^/\\]+$/;
/** Words of zod's own texts, its regexes and its types, none of which a person should meet. */
const jargon = /invalid|expected|received|zod|regex|pattern|string|undefined|NaN|nonoptional/i;

function expectReadable(message: string) {
  expect(message).toMatch(readable);
  expect(message).not.toMatch(jargon);
}

/** Values that break some rule of some field: wrong types, blanks, lengths, numbers, numerals. */
const badValues: unknown[] = [
  undefined,
  null,
  true,
  42,
  -1,
  0,
  1.5,
  1e12,
  '',
  '   ',
  'not-an-email',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999',
  'x'.repeat(30_000),
  [],
  ['x'],
  {},
];

interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schema inside an optional one, if any. */
function objectShape(schema: z.ZodMiniType): Record<string, z.ZodMiniType> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'optional' && def.innerType) return objectShape(def.innerType);
  return undefined;
}

/** Every field's path in an object schema, nested objects' fields included. */
function fieldPaths(schema: z.ZodMiniType, prefix: string[] = []): string[][] {
  const shape = objectShape(schema) ?? {};
  return Object.entries(shape).flatMap(([key, field]) => {
    const path = [...prefix, key];
    return [path, ...fieldPaths(field, path)];
  });
}

/** `{}` with `value` placed at `path` (the intermediate objects made up). */
function withValue(path: string[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  path.slice(0, -1).forEach((key) => {
    const next: Record<string, unknown> = {};
    at[key] = next;
    at = next;
  });
  at[path[path.length - 1] as string] = value;
  return root;
}

/** The messages a value earns (none when it passes). */
function messagesFor(schema: z.ZodMiniType, value: unknown): string[] {
  try {
    parseOrReject(schema, value);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(422);
    return error.messages;
  }
}

const schemas = routeTable.flatMap((route) =>
  [
    route.body && { name: `${route.method} ${route.path} body`, schema: route.body },
    route.query && { name: `${route.method} ${route.path} query`, schema: route.query },
  ].filter((entry) => entry !== undefined),
);

describe('validation messages', () => {
  it('cover every request schema of the contract (each is in the route table)', () => {
    const declared = Object.entries(requests)
      .filter(([name]) => name.endsWith('Schema'))
      .map(([, schema]) => schema);
    const routed = new Set(schemas.map(({ schema }) => schema));
    for (const schema of declared) expect(routed.has(schema as z.ZodMiniType)).toBe(true);
  });

  it.each(schemas)('are plain English for every bad value of $name', ({ schema }) => {
    const paths = fieldPaths(schema);
    expect(paths.length).toBeGreaterThan(0);
    for (const whole of [null, [], 'text', 42, true]) {
      for (const message of messagesFor(schema, whole)) expectReadable(message);
    }
    for (const path of paths) {
      const field = path.join('.');
      const aboutField: string[] = [];
      for (const value of badValues) {
        for (const message of messagesFor(schema, withValue(path, value))) {
          expectReadable(message);
          if (message.startsWith(`${field} `)) aboutField.push(message);
        }
      }
      // Every field broke at least one of its rules, and its messages name it first.
      expect(aboutField, field).not.toEqual([]);
    }
  });

  it('word every kind of rule, and name the field or the body', () => {
    const cases: [Parameters<typeof ruleOf>[0], string][] = [
      [{ code: 'invalid_type', expected: 'string', input: undefined }, 'is required'],
      [{ code: 'invalid_type', expected: 'string', input: 1 }, 'must be text'],
      [{ code: 'invalid_type', expected: 'number', input: 'x' }, 'must be a number'],
      [{ code: 'invalid_type', expected: 'int', input: 1.5 }, 'must be a whole number'],
      [{ code: 'invalid_type', expected: 'boolean', input: 1 }, 'must be true or false'],
      [{ code: 'invalid_type', expected: 'object', input: [] }, 'must be a JSON object'],
      [{ code: 'invalid_type', expected: 'array', input: {} }, 'must be a list (a JSON array)'],
      [{ code: 'too_small', origin: 'string', minimum: 1 }, 'must not be empty'],
      [{ code: 'too_small', origin: 'string', minimum: 8 }, 'must be at least 8 characters'],
      [{ code: 'too_big', origin: 'string', maximum: 200 }, 'must be at most 200 characters'],
      [{ code: 'too_small', origin: 'number', minimum: 0, inclusive: true }, 'must be at least 0'],
      [
        { code: 'too_small', origin: 'number', minimum: 0, inclusive: false },
        'must be greater than 0',
      ],
      [{ code: 'too_big', origin: 'number', maximum: 9, inclusive: true }, 'must be at most 9'],
      [{ code: 'too_big', origin: 'array', maximum: 3 }, 'must have at most 3 items'],
      [
        { code: 'invalid_format', format: 'email' },
        'must be an email address like name@example.com',
      ],
      [{ code: 'invalid_format', format: 'regex' }, 'is not in a form this field accepts'],
      [{ code: 'invalid_value', values: ['on', 'off'] }, 'must be one of "on", "off"'],
      [{ code: 'not_multiple_of', divisor: 5 }, 'must be a multiple of 5'],
      [
        { code: 'unrecognized_keys', keys: ['extra'] },
        'has a field this request does not take: extra',
      ],
      [{ code: 'custom' }, 'is not a value this field accepts'],
    ];
    for (const [issue, rule] of cases) {
      expect(ruleOf(issue)).toBe(rule);
      expectReadable(describeIssue({ ...issue, path: ['views'], message: ruleOf(issue) }));
    }
    expect(describeIssue({ path: [], message: 'must be a JSON object' })).toBe(
      'body must be a JSON object',
    );
    expect(describeIssue({ path: ['video', '_id'], message: 'is required' })).toBe(
      'video._id is required',
    );
  });

  it("include a store's refusal of text it cannot keep", () => {
    expectReadable(unstorableTextMessage);
  });

  it('reach the client as they are, over HTTP', async () => {
    const h = await createHarness(new MemoryStore());
    const signup = await h.call('POST', '/api/auth/signup', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@', password: 'x' },
    });
    expect(signup.status).toBe(422);
    expect(signup.body).toEqual({
      errors: ['email must be an email address like name@example.com'],
    });
    const body = await h.call('POST', '/api/auth/login', { body: [] });
    expect(body.body).toEqual({ errors: ['body must be a JSON object'] });
    const page = await h.call('GET', '/api/videos/trending?limit=ten');
    expect(page.body).toEqual({ errors: ['limit must be a whole number from 1 to 100'] });
  });
});
