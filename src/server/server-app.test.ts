import { Hono } from 'hono';
import { sql } from 'kysely';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../api/clock';
import { createApi } from '../api/create-api';
import { apiErrors } from '../contract/errors';
import { seedIfEmpty } from '../api/seed/seed-data';
import { seedVideos } from '../api/seed/videos';
import { testHasher } from '../api/testing/api-harness';
import { migrateToLatest, openDatabase, type OpenDatabase } from './db/open-database';
import { SqlStore } from './db/sql-store';
import type { Logger } from './logger';
import { BodyBudget } from './http/read-whole-body';
import { apiFailureReporter, createServerApp } from './server-app';
import { createLogger } from './logger';
import { databaseUnavailable } from './db/db-errors';
import { loadStaticSite } from './static-site';
import { createTempDir } from './testing/test-databases';
import { fixtureAssetPath, fixtureIndexHtml, writeWebFixture } from './testing/web-fixture';

describe('the server app', () => {
  const dir = createTempDir();
  const lines: string[] = [];
  const log: Logger = {
    debug: () => {},
    info: (line) => lines.push(line),
    warn: (line) => lines.push(line),
    error: (line) => lines.push(line),
  };
  let database: OpenDatabase;
  let app: ReturnType<typeof createServerApp>;
  // What the app asked of settleWrites, a gate that holds the sync until a test opens it, and
  // who waits to hear that the app asked.
  const settled: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  let onAsked: () => void = () => {};
  let draining = false;

  beforeAll(async () => {
    database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'app.sqlite') });
    await migrateToLatest(database);
    const store = new SqlStore(database);
    await seedIfEmpty(store, testHasher, systemClock());
    app = createServerApp({
      api: createApi({
        store,
        secret: 'x'.repeat(32),
        passwordHasher: testHasher,
        clock: systemClock,
      }),
      site: await loadStaticSite(writeWebFixture(dir.path)),
      checkDatabase: async () => {
        await sql`select 1`.execute(database.db);
      },
      settleWrites: async () => {
        settled.push('asked');
        onAsked();
        await gate;
        await database.settleWrites();
        settled.push('done');
      },
      log,
      version: '1.2.3',
      draining: () => draining,
    });
  });
  afterAll(async () => {
    await database.close().catch(() => {});
    await dir.drop();
  });

  it('answers a request that may write only once its writes are on disk; reads never wait', async () => {
    settled.length = 0;
    await app.request('/api/videos');
    await app.request('/api/categories', { method: 'HEAD' });
    expect(settled).toEqual([]);

    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    let answered = false;
    const asked = new Promise<void>((resolve) => (onAsked = resolve));
    const signup = Promise.resolve(
      app.request('/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'settle@example.com',
          password: 'Password1!',
          firstName: 'Sam',
          lastName: 'Settle',
        }),
      }),
    ).then((response) => {
      answered = true;
      return response;
    });
    // Once the app waits for the sync (however long the signup took to get there), no answer
    // comes until the gate opens, even after the event loop has turned.
    await asked;
    await new Promise((resume) => setImmediate(resume));
    expect(settled).toEqual(['asked']);
    expect(answered).toBe(false);
    open();
    expect((await signup).status).toBe(201);
    expect(settled).toEqual(['asked', 'done']);
    gate = Promise.resolve();
  });

  it('answers 500 instead of the API answer when writes could not be saved', async () => {
    gate = Promise.reject(new Error('EIO'));
    gate.catch(() => {});
    const response = await app.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'unsaved@example.com',
        password: 'Password1!',
        firstName: 'Una',
        lastName: 'Saved',
      }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ errors: ['Internal Server Error'] });
    expect(
      lines.filter((line) =>
        /^POST \/api\/auth\/signup 500 [\d.]+ms writes-not-saved: EIO$/.test(line),
      ),
    ).toHaveLength(1);
    gate = Promise.resolve();
  });

  it('answers GET /api/health with { status: "ok" } and the version after asking the database', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '1.2.3' });
  });

  it('answers /healthz (alive) and /readyz (serving: 503 once a drain starts) with JSON', async () => {
    const json = async (path: string) => {
      const response = await app.request(path);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      return [response.status, await response.json()];
    };
    expect(await json('/healthz')).toEqual([200, { status: 'ok' }]);
    expect(await json('/readyz')).toEqual([200, { status: 'ready' }]);
    draining = true;
    try {
      expect(await json('/readyz')).toEqual([503, { errors: ['The server is shutting down.'] }]);
      // Alive still: it is finishing its requests.
      expect(await json('/healthz')).toEqual([200, { status: 'ok' }]);
    } finally {
      draining = false;
    }
    // Prometheus' usual path is not the app's page: the metrics are on METRICS_PORT only.
    expect(await json('/metrics')).toEqual([404, { errors: ['Not found.'] }]);
  });

  it('caches hashed assets immutably and answers every other GET outside /api with index.html', async () => {
    const asset = await app.request(fixtureAssetPath);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/watch/No8qdcVYiQw', '/playlist/abc', '/no/such/page']) {
      const page = await app.request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toBe(fixtureIndexHtml);
    }
    expect((await app.request('/assets/missing-00000000.js')).status).toBe(404);
  });

  it('compresses API answers and the app assets for clients that accept it', async () => {
    const api = await app.request('/api/videos', { headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers.get('content-encoding')).toBe('gzip');
    const body = gunzipSync(Buffer.from(await api.arrayBuffer())).toString();
    expect(JSON.parse(body)).toEqual({ videos: seedVideos });
    const asset = await app.request(fixtureAssetPath, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it('prefers brotli, keeps the ETag usable, and reuses the bytes of a cached answer', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await app.request('/api/videos', { headers });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual({ videos: seedVideos });
    expect(first.headers.get('content-length')).toBe(String(bytes.length));
    const again = await app.request('/api/videos', { headers });
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    const unchanged = await app.request('/api/videos', {
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
  });

  it('leaves small answers and refused codings alone', async () => {
    const small = await app.request('/api/categories', { headers: { 'accept-encoding': 'br' } });
    expect(
      Number(small.headers.get('content-length') ?? (await small.clone().text()).length),
    ).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).categories.length).toBeGreaterThan(0);
    const refused = await app.request('/api/videos', {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.json()).videos).toEqual(seedVideos);
  });

  it('answers unknown API routes and non-GET pages with 404 in the error shape', async () => {
    const api = await app.request('/api/nope');
    expect(api.status).toBe(404);
    expect((await api.json()).errors).toEqual([expect.any(String)]);
    const post = await app.request('/', { method: 'POST' });
    expect(post.status).toBe(404);
    expect((await post.json()).errors).toEqual([expect.any(String)]);
  });

  it('logs one line per request with method, path, status and duration', async () => {
    lines.length = 0;
    await app.request('/api/categories');
    await app.request('/watch/abc');
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/categories 200 [\d.]+ms$/),
      expect.stringMatching(/^GET \/watch\/abc 200 [\d.]+ms$/),
    ]);
  });

  it('answers the health check with 503 once the database is gone', async () => {
    await database.close();
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ errors: ['The database is not reachable.'] });
  });
});

describe("the server app's log of failures (pino's JSON lines)", () => {
  const dir = createTempDir();
  const written: string[] = [];
  let database: OpenDatabase;
  let app: ReturnType<typeof createServerApp>;
  /** What every store call throws while set. */
  let failWith: Error | undefined;
  let pinoLog: Awaited<ReturnType<typeof createLogger>>;

  beforeAll(async () => {
    database = openDatabase({ dialect: 'sqlite', path: join(dir.path, 'log.sqlite') });
    await migrateToLatest(database);
    const real = new SqlStore(database);
    await seedIfEmpty(real, testHasher, systemClock());
    const store = new Proxy(real, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (failWith) throw failWith;
          return (value as (...given: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    pinoLog = await createLogger({
      level: 'info',
      format: 'json',
      destination: { write: (line: string) => written.push(line) },
    });
    app = createServerApp({
      api: createApi({
        store,
        secret: 'x'.repeat(32),
        passwordHasher: testHasher,
        clock: systemClock,
        unavailable: databaseUnavailable,
        reportError: apiFailureReporter(pinoLog),
      }),
      site: await loadStaticSite(writeWebFixture(dir.path)),
      checkDatabase: async () => {
        if (failWith) throw failWith;
        await sql`select 1`.execute(database.db);
      },
      settleWrites: () => database.settleWrites(),
      log: pinoLog,
      clientAddress: () => '198.51.100.23',
    });
  });
  afterAll(async () => {
    await database.close().catch(() => {});
    await dir.drop();
  });

  /** The JSON lines written since `from`, parsed (each must be one JSON object). */
  const parsedSince = (from: number) =>
    written.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);

  it('logs an unexpected 500 as one error line with the request id, route and client', async () => {
    const from = written.length;
    failWith = new Error('a bug in the store');
    const response = await app.request('/api/video/abc');
    failWith = undefined;
    expect(response.status).toBe(500);
    const lines = parsedSince(from);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      reqId: response.headers.get('x-request-id'),
      route: '/api/video/{videoId}',
      client: '198.51.100.23',
      status: 500,
      failure: 'unexpected',
      msg: expect.stringContaining('a bug in the store'),
      err: { message: 'a bug in the store', stack: expect.stringContaining('Error: a bug') },
    });
  });

  it('logs a database outage (the API and the health check) as one error line each', async () => {
    const from = written.length;
    failWith = Object.assign(new Error('unable to open database file'), {
      code: 'SQLITE_CANTOPEN',
    });
    const read = await app.request('/api/categories');
    const health = await app.request('/api/health');
    failWith = undefined;
    expect([read.status, health.status]).toEqual([503, 503]);
    const lines = parsedSince(from);
    expect(lines.map((line) => [line.level, line.route, line.failure, line.client])).toEqual([
      ['error', '/api/categories', 'database-unavailable', '198.51.100.23'],
      ['error', '/api/health', 'database-unavailable', '198.51.100.23'],
    ]);
    expect(lines.map((line) => line.reqId)).toEqual([
      read.headers.get('x-request-id'),
      health.headers.get('x-request-id'),
    ]);
  });

  it('logs an answered request at info with its client and route', async () => {
    const from = written.length;
    const response = await app.request('/api/categories');
    expect(response.status).toBe(200);
    expect(parsedSince(from)).toEqual([
      expect.objectContaining({
        level: 'info',
        route: '/api/categories',
        client: '198.51.100.23',
        status: 200,
      }),
    ]);
  });
});

describe('the server app, holding too many bodies', () => {
  it('answers 503 with Retry-After and closes the connection, as the body budget runs out', async () => {
    const app = createServerApp({
      api: new Hono().post('/api/echo', async (c) =>
        c.json({ bytes: (await c.req.text()).length }),
      ),
      site: () => undefined,
      checkDatabase: async () => {},
      settleWrites: async () => {},
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      bodyBudget: new BodyBudget(1024),
    });
    const send = (bytes: number) =>
      app.request('/api/echo', {
        method: 'POST',
        headers: { 'content-length': String(bytes) },
        body: 'x'.repeat(bytes),
      });
    const small = await send(1000);
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ bytes: 1000 });

    const refused = await send(2000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ errors: [apiErrors.busy.message] });
  });
});
