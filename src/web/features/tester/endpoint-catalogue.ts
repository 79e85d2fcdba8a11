import { TEST_ACCOUNT } from '../../../contract/limits';
import { REQUEST_METHODS, type ReqType } from './tester-reducer';

/** Where the API describes itself (architecture §2). */
export const OPENAPI_PATH = '/api/openapi.json';

/** One operation of the API, as the endpoint picker offers it. */
export interface EndpointOption {
  /** Unique per operation: method and path. */
  key: string;
  method: ReqType;
  /** The documented path, `{name}` placeholders included. */
  path: string;
  /** The path to put in the endpoint box: known placeholders filled with an example. */
  endpoint: string;
  summary: string;
  /** True when the operation needs the signed-in user's token. */
  needsSession: boolean;
  /** Pretty-printed example JSON for operations that take a body. */
  exampleBody?: string;
}

/**
 * A seed video (product §3: six seed videos): filling `{videoId}` with it makes the picked request
 * answer with data instead of a 404 right away. Other ids are made by users and stay placeholders.
 */
export const EXAMPLE_VIDEO_ID = 'No8qdcVYiQw';

const pathExamples: Record<string, string> = { videoId: EXAMPLE_VIDEO_ID };

/** The path with the parameters we have an example for filled in. */
export function fillPathExample(path: string): string {
  return path.replace(
    /\{(\w+)\}/g,
    (placeholder, name: string) => pathExamples[name] ?? placeholder,
  );
}

// Example strings by property name: enough for the API's bodies to be accepted as they are.
const stringExamples: Record<string, string> = {
  _id: EXAMPLE_VIDEO_ID,
  email: TEST_ACCOUNT.email,
  password: TEST_ACCOUNT.password,
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'My example',
  content: 'An example note',
  // Accepted by the body checks, and wrong: sending the example deletes or changes nothing.
  currentPassword: 'your current password',
  newPassword: 'a new password of 8 or more characters',
};

type JsonSchema = {
  type?: unknown;
  properties?: unknown;
  items?: unknown;
  enum?: unknown;
  default?: unknown;
  minimum?: unknown;
  exclusiveMinimum?: unknown;
  maximum?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number its schema allows: the minimum, or the next whole number above a bound it excludes. */
function numberExample({ minimum, exclusiveMinimum, maximum }: JsonSchema): number {
  if (typeof minimum === 'number') return minimum;
  if (typeof exclusiveMinimum !== 'number') return 0;
  const above = Math.floor(exclusiveMinimum) + 1;
  return typeof maximum === 'number' ? Math.min(above, maximum) : above;
}

/** A value that satisfies a (simple) JSON schema, for the body box. */
export function exampleFromSchema(schema: unknown, name = '', depth = 0): unknown {
  if (!isRecord(schema) || depth > 8) return null;
  const { type, properties, enum: choices, default: fallback } = schema as JsonSchema;
  if (fallback !== undefined) return fallback;
  if (Array.isArray(choices) && choices.length > 0) return choices[0];
  const kind = Array.isArray(type) ? (type.find((entry) => entry !== 'null') as unknown) : type;
  switch (kind) {
    case 'object': {
      const example: Record<string, unknown> = {};
      if (isRecord(properties)) {
        for (const [key, property] of Object.entries(properties)) {
          example[key] = exampleFromSchema(property, key, depth + 1);
        }
      }
      return example;
    }
    case 'array':
      return [];
    case 'string':
      return stringExamples[name] ?? '';
    case 'integer':
    case 'number':
      return numberExample(schema as JsonSchema);
    case 'boolean':
      return false;
    default:
      return isRecord(properties) ? exampleFromSchema({ ...schema, type: 'object' }, name) : null;
  }
}

/**
 * The operations of an OpenAPI document, in its order, limited to the methods the tester has.
 * Tolerant: anything it cannot read is left out rather than failing the whole list.
 */
export function endpointOptions(document: unknown): EndpointOption[] {
  if (!isRecord(document) || !isRecord(document.paths)) return [];
  const options: EndpointOption[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!isRecord(operations)) continue;
    for (const method of REQUEST_METHODS) {
      const operation = operations[method.toLowerCase()];
      if (!isRecord(operation)) continue;
      const schema = (operation.requestBody as { content?: Record<string, { schema?: unknown }> })
        ?.content?.['application/json']?.schema;
      options.push({
        key: `${method} ${path}`,
        method,
        path,
        endpoint: fillPathExample(path),
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        needsSession: Array.isArray(operation.security) && operation.security.length > 0,
        ...(schema === undefined
          ? {}
          : { exampleBody: JSON.stringify(exampleFromSchema(schema), null, 2) }),
      });
    }
  }
  return options;
}

/** Fetches the API description the page's own /api serves and lists its operations. */
export async function loadEndpointOptions(
  // At call time, so that in mock mode the patched `window.fetch` answers it in the page.
  fetchImpl: (input: string) => Promise<Response> = (input) => window.fetch(input),
): Promise<EndpointOption[]> {
  const response = await fetchImpl(OPENAPI_PATH);
  if (!response.ok) throw new Error(`${OPENAPI_PATH} answered ${response.status}`);
  return endpointOptions(await response.json());
}
