import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { recordingLog } from '../testing/recording-log';
import { noteFailure, requestIdFor, requestLog } from './request-log';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFor', () => {
  it('keeps a plain token from the caller and replaces anything else by a UUID', () => {
    for (const sane of ['abc-123', 'a.b:c=d@e_f', 'x'.repeat(128)]) {
      expect(requestIdFor(sane)).toBe(sane);
    }
    for (const insane of [undefined, '', 'two words', 'x'.repeat(129), 'line\nbreak', 'é']) {
      expect(requestIdFor(insane)).toMatch(uuid);
    }
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});

describe('requestLog', () => {
  const appWith = (log: Logger) => {
    const app = new Hono();
    app.use(requestLog(log));
    app.get('/json', (c) => c.json({ ok: true }));
    app.get('/raw', () => new Response('raw', { status: 202 }));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.get('/refused', () => {
      throw Object.assign(new Error('bad page'), { status: 422 });
    });
    app.onError((error, c) =>
      'status' in error
        ? c.json({ errors: [error.message] }, 422)
        : c.json({ errors: ['Internal Server Error'] }, 500),
    );
    return app;
  };

  it('echoes the id in X-Request-Id on every kind of answer and logs it with the request', async () => {
    const { lines, log } = recordingLog();
    const app = appWith(log);
    const json = await app.request('/json', { headers: { 'x-request-id': 'given-1' } });
    expect(json.headers.get('x-request-id')).toBe('given-1');
    const raw = await app.request('/raw');
    expect(raw.status).toBe(202);
    expect(raw.headers.get('x-request-id')).toMatch(uuid);
    const failed = await app.request('/boom', { headers: { 'x-request-id': 'bad id' } });
    expect(failed.status).toBe(500);
    const failedId = failed.headers.get('x-request-id');
    expect(failedId).toMatch(uuid);
    expect((await app.request('/refused')).status).toBe(422);

    const answered = lines.filter((line) => line.level !== 'debug');
    expect(answered.map((line) => [line.level, line.message])).toEqual([
      ['info', expect.stringMatching(/^GET \/json 200 \d+\.\dms$/)],
      ['info', expect.stringMatching(/^GET \/raw 202 \d+\.\dms$/)],
      ['error', expect.stringMatching(/^GET \/boom 500 \d+\.\dms unexpected: boom$/)],
      ['info', expect.stringMatching(/^GET \/refused 422 \d+\.\dms$/)],
    ]);
    expect(answered[0]!.fields).toMatchObject({
      reqId: 'given-1',
      method: 'GET',
      path: '/json',
      status: 200,
    });
    expect(answered[1]!.fields?.reqId).toBe(raw.headers.get('x-request-id'));
    expect(answered[2]!.fields).toMatchObject({ reqId: failedId, status: 500 });
    expect((answered[2]!.fields?.err as Error).message).toBe('boom');
    // A refusal is logged without its error (and stack): the status says it.
    expect(answered[3]!.fields).not.toHaveProperty('err');
    // At debug level the arrival too, with the same id.
    expect(lines.filter((line) => line.level === 'debug').map((line) => line.message)).toEqual([
      '-> GET /json',
      '-> GET /raw',
      '-> GET /boom',
      '-> GET /refused',
    ]);
  });

  it('logs each answer with its route and client, a 5xx as one error line saying why', async () => {
    const { lines, log } = recordingLog();
    const app = new Hono();
    app.use(requestLog(log, () => ({ client: '198.51.100.7', fromTrustedProxy: false })));
    app.get('/api/video/:id', (c) => {
      noteFailure(c, 'database-unavailable', new Error('connect ECONNREFUSED'));
      return c.json({ errors: ['The database is not reachable.'] }, 503);
    });
    app.get('/api/videos', (c) => c.json([]));
    const down = await app.request('/api/video/abc', { headers: { 'x-request-id': 'spoofed' } });
    expect(down.status).toBe(503);
    // Not from a trusted proxy: the caller's id is not taken.
    expect(down.headers.get('x-request-id')).toMatch(uuid);
    await app.request('/api/videos');
    const answered = lines.filter((line) => line.level !== 'debug');
    expect(answered.map((line) => line.level)).toEqual(['error', 'info']);
    expect(answered[0]!.message).toMatch(
      /^GET \/api\/video\/abc 503 \d+\.\dms database-unavailable: connect ECONNREFUSED$/,
    );
    expect(answered[0]!.fields).toMatchObject({
      reqId: down.headers.get('x-request-id'),
      route: '/api/video/{videoId}',
      client: '198.51.100.7',
      status: 503,
      failure: 'database-unavailable',
    });
    expect(answered[1]!.fields).toMatchObject({ route: '/api/videos', client: '198.51.100.7' });
  });
});
