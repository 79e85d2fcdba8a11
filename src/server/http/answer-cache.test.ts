import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';
import { answerCompressor } from './compress-answers';

describe('AnswerCache', () => {
  let version = 'v1';
  let computed = 0;
  const served: string[] = [];
  let server: Server;
  let answers: AnswerCache;
  let origin: string;

  beforeAll(async () => {
    const app = new Hono();
    const compressed = answerCompressor();
    app.get('/api/videos', async (c) => {
      computed += 1;
      const body = JSON.stringify({ version, padding: 'x'.repeat(2000), computed });
      const answer = c.body(body, 200, {
        'content-type': 'application/json',
        etag: `"${version}.req"`,
        'x-security': 'on',
      });
      return compressed(c.req.raw, answer);
    });
    app.get('/api/private', (c) => c.json({ computed: ++computed }, 200, { etag: '"plain-tag"' }));
    answers = new AnswerCache(
      async () => version,
      ({ method, path, reqId }) => served.push(`${method} ${path} ${reqId}`),
      { bytes: 1024 * 1024, entries: 50 },
    );
    server = createServer(answers.serving(getRequestListener(answers.keeping(app.fetch))));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { headers });

  it('answers a repeated catalogue read from the kept bytes, headers and all', async () => {
    const first = await get('/api/videos');
    const firstBody = await first.text();
    const before = computed;
    const again = await get('/api/videos');
    expect(await again.text()).toBe(firstBody);
    expect(computed).toBe(before);
    expect(served.at(-1)).toMatch(/^GET \/api\/videos \S+$/);
    const perRequest = new Set(['date', 'keep-alive', 'x-request-id']);
    const headersOf = (response: Response) =>
      [...response.headers].filter(([name]) => !perRequest.has(name));
    expect(headersOf(again)).toEqual(headersOf(first));
  });

  it('gives each answer from kept bytes its own request id, or the caller’s', async () => {
    await get('/api/videos');
    const one = await get('/api/videos');
    const two = await get('/api/videos');
    expect(one.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(two.headers.get('x-request-id')).not.toBe(one.headers.get('x-request-id'));
    const named = await get('/api/videos', { 'x-request-id': 'trace-42' });
    expect(named.headers.get('x-request-id')).toBe('trace-42');
    expect(served.at(-1)).toBe('GET /api/videos trace-42');
  });

  it('keeps each coding apart', async () => {
    const br = await get('/api/videos', { 'accept-encoding': 'br' });
    const plain = await get('/api/videos', { 'accept-encoding': 'identity' });
    const brAgain = await get('/api/videos', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brAgain.headers.get('content-encoding')).toBe('br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await brAgain.json()).version).toBe((await plain.json()).version);
  });

  it('asks the app again once the catalogue version moves on', async () => {
    await get('/api/videos');
    version = 'v2';
    const after = await get('/api/videos');
    expect((await after.json()).version).toBe('v2');
  });

  it('sends conditional requests, and answers without its ETag, to the app', async () => {
    await get('/api/videos');
    const before = computed;
    await get('/api/videos', { 'if-none-match': '"other.req"' });
    expect(computed).toBe(before + 1);
    await get('/api/private');
    await get('/api/private');
    expect(computed).toBe(before + 3);
  });

  it('answers a signed-in reader from the kept bytes too: a catalogue answer is everyone’s', async () => {
    await get('/api/videos');
    const before = computed;
    const signedIn = await get('/api/videos', { authorization: 'Bearer token' });
    expect(signedIn.status).toBe(200);
    expect(computed).toBe(before);
  });

  it('keeps at most its number of answers however many URLs are asked for, forgetting the least used', async () => {
    await get('/api/videos?search=first');
    const before = computed;
    for (let n = 0; n < 120; n += 1) {
      await get(`/api/videos?search=${n}`);
      // The first one stays in use, so it is never the least recently used.
      if (n % 20 === 0) await get('/api/videos?search=first');
    }
    expect(answers.size.entries).toBe(50);
    expect(answers.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    const computedBefore = computed;
    await get('/api/videos?search=first');
    expect(computed).toBe(computedBefore);
    await get('/api/videos?search=0');
    expect(computed).toBe(computedBefore + 1);
    expect(computed - before).toBeGreaterThan(120);
  });

  it('keeps one answer for URLs that differ only in parameters the route does not read, or in their order', async () => {
    await get('/api/videos?search=S%20%23&j=1');
    const before = computed;
    expect((await get('/api/videos?search=S%20%23&j=2')).status).toBe(200);
    expect((await get('/api/videos?j=3&search=S%20%23&limit=24')).status).toBe(200);
    expect((await get('/api/videos?limit=24&search=S%20%23')).status).toBe(200);
    // One computation for the second order, none for the unknown parameters.
    expect(computed).toBe(before + 1);
    // A parameter the route reads still tells answers apart, encoded as sent.
    await get('/api/videos?search=S%20%23&offset=24');
    await get('/api/videos?search=%C3');
    await get('/api/videos?search=%EF%BF%BD');
    expect(computed).toBe(before + 4);
    const size = answers.size.entries;
    for (let n = 0; n < 30; n += 1) await get(`/api/videos?search=S%20%23&j=${n}`);
    expect(answers.size.entries).toBe(size);
  });
});
