import { beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never in a page load: the examples are checked against the API's own body checks
import { routeTable } from '../../../contract/routes';
import { createMockBackend } from '../../mock/mock-backend';
import { REQUEST_METHODS } from './tester-reducer';
import {
  endpointOptions,
  EXAMPLE_VIDEO_ID,
  exampleFromSchema,
  fillPathExample,
  loadEndpointOptions,
  type EndpointOption,
} from './endpoint-catalogue';

describe('the endpoint list from the real /api/openapi.json', () => {
  let options: EndpointOption[];
  beforeEach(async () => {
    localStorage.clear();
    const backend = await createMockBackend(localStorage);
    options = await loadEndpointOptions((path) =>
      backend.handle(new Request(new URL(path, 'http://localhost'))),
    );
  });

  const find = (key: string) => options.find((option) => option.key === key);

  it('lists every operation once, with its method, path and summary', () => {
    expect(options.length).toBeGreaterThanOrEqual(24);
    expect(new Set(options.map((option) => option.key)).size).toBe(options.length);
    expect(find('GET /api/videos')).toMatchObject({
      method: 'GET',
      path: '/api/videos',
      endpoint: '/api/videos',
      summary: 'List the catalogue',
      needsSession: false,
    });
    expect(options.every((option) => ['GET', 'POST', 'DELETE'].includes(option.method))).toBe(true);
  });

  it('fills a video id with a seed video and leaves other placeholders', () => {
    expect(find('GET /api/video/{videoId}')?.endpoint).toBe(`/api/video/${EXAMPLE_VIDEO_ID}`);
    expect(find('DELETE /api/user/playlists/{playlistId}/{videoId}')?.endpoint).toBe(
      `/api/user/playlists/{playlistId}/${EXAMPLE_VIDEO_ID}`,
    );
  });

  it('marks the operations that need a session', () => {
    expect(find('GET /api/user/likes')?.needsSession).toBe(true);
    expect(find('POST /api/auth/login')?.needsSession).toBe(false);
  });

  it('offers an example body, built from the schema, only for operations that take one', () => {
    expect(JSON.parse(find('POST /api/auth/login')?.exampleBody ?? 'null')).toEqual({
      email: 'test@codetube.dev',
      password: 'codetube-test-1',
    });
    expect(JSON.parse(find('POST /api/user/likes')?.exampleBody ?? 'null')).toEqual({
      video: { _id: EXAMPLE_VIDEO_ID },
    });
    expect(JSON.parse(find('POST /api/test-todos')?.exampleBody ?? 'null')).toEqual({
      title: 'My example',
      completed: false,
    });
    expect(find('GET /api/videos')?.exampleBody).toBeUndefined();
    expect(find('DELETE /api/user/history/all')?.exampleBody).toBeUndefined();
  });

  it('offers every route that takes a body an example its body check accepts', () => {
    // The tester has product §7's methods only (PATCH is the API's addition).
    const withBody = routeTable.filter(
      (route) =>
        route.body !== undefined && (REQUEST_METHODS as readonly string[]).includes(route.method),
    );
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    for (const route of withBody) {
      const key = `${route.method} ${route.path}`;
      const example: unknown = JSON.parse(find(key)?.exampleBody ?? 'null');
      const checked = route.body?.safeParse(example);
      expect({ key, issues: checked?.error?.issues ?? [] }).toEqual({ key, issues: [] });
    }
  });

  it('fails when the document cannot be had', async () => {
    await expect(
      loadEndpointOptions(async () => Response.json({ errors: ['x'] }, { status: 503 })),
    ).rejects.toThrow('/api/openapi.json answered 503');
  });
});

describe('reading documents', () => {
  it('skips methods the tester does not have and anything malformed', () => {
    const options = endpointOptions({
      paths: {
        '/a': { put: { summary: 'no' }, get: { summary: 'yes' }, delete: 'broken' },
        '/b': null,
      },
    });
    expect(options.map((option) => option.key)).toEqual(['GET /a']);
    expect(endpointOptions(null)).toEqual([]);
    expect(endpointOptions({ paths: [] })).toEqual([]);
  });

  it('builds examples from defaults, enums, numbers, arrays and nullable types', () => {
    expect(
      exampleFromSchema({
        type: 'object',
        properties: {
          size: { type: 'integer', minimum: 1 },
          length: { type: 'number', exclusiveMinimum: 0 },
          share: { type: 'number', exclusiveMinimum: 0, maximum: 0.5 },
          ratio: { type: 'number' },
          tags: { type: 'array', items: { type: 'string' } },
          kind: { type: 'string', enum: ['a', 'b'] },
          mode: { type: 'string', default: 'fast' },
          note: { type: ['null', 'string'] },
        },
      }),
    ).toEqual({
      size: 1,
      length: 1,
      share: 0.5,
      ratio: 0,
      tags: [],
      kind: 'a',
      mode: 'fast',
      note: '',
    });
  });

  it('fills only the path parameters it has an example for', () => {
    expect(fillPathExample('/api/x/{videoId}/{other}')).toBe(`/api/x/${EXAMPLE_VIDEO_ID}/{other}`);
  });
});
