import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';
import { secureResponses, securityHeaderList, STRICT_TRANSPORT_SECURITY } from './security-headers';
import { requestCameOverHttps } from './client-address';

const expectedCsp = [
  "default-src 'self'",
  "script-src 'self' https://www.youtube.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://i.ytimg.com https://ui-avatars.com https://yt3.ggpht.com https://yt3.googleusercontent.com",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

describe('the security headers', () => {
  let server: Server;
  let origin: string;
  let list: [string, string][];

  beforeAll(async () => {
    list = await securityHeaderList();
    const app = new Hono();
    app.get('/app', (c) => c.json({ from: 'app' }));
    app.get('/kept', (c) => c.json({ from: 'app' }, 200, { etag: '"v1.kept"' }));
    app.get('/own-policy', (c) =>
      c.json({}, 200, { 'x-frame-options': 'ALLOW', 'cache-control': 'no-store' }),
    );
    const answers = new AnswerCache(
      async () => 'v1',
      () => {},
    );
    const appListener = answers.serving(getRequestListener(answers.keeping(app.fetch)));
    // Every way an answer leaves: the app, kept bytes, Node's implicit head, a head with a
    // reason, and one whose headers come as an array.
    const listener: RequestListener = (request, response) => {
      if (request.url === '/implicit') response.end('implicit');
      else if (request.url === '/reason') response.writeHead(200, 'Fine', { a: '1' }).end();
      else if (request.url === '/array') response.writeHead(200, ['a', '1']).end();
      else if (/^\/(mock|x\/mock)/.test(request.url ?? '')) response.end('page');
      else appListener(request, response);
    };
    server = createServer({ ServerResponse: secureResponses(list) }, listener);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('are the CSP that allows the YouTube embed and thumbnails only, and the usual others', () => {
    const headers = new Map(list);
    expect(headers.get('content-security-policy')).toBe(expectedCsp);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Only over HTTPS (below): a browser ignores it over plain HTTP, and it is no promise there.
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('are on every answer the server writes, whoever writes it', async () => {
    // /kept twice: the second answer comes from the kept bytes.
    for (const path of ['/app', '/kept', '/kept', '/implicit', '/reason', '/array']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(200);
      for (const [name, value] of list) expect(response.headers.get(name), path).toBe(value);
    }
    const reason = await fetch(`${origin}/reason`);
    expect([reason.statusText, reason.headers.get('a')]).toEqual(['Fine', '1']);
    expect((await fetch(`${origin}/array`)).headers.get('a')).toBe('1');
  });

  it('let only the request tester (/mock) connect beyond the site', async () => {
    const cspOf = async (path: string) =>
      (await fetch(`${origin}${path}`)).headers.get('content-security-policy');
    for (const path of ['/app', '/kept', '/implicit', '/mock-not', '/x/mock'])
      expect(await cspOf(path), path).toBe(expectedCsp);
    const testerCsp = expectedCsp.replace("connect-src 'self'", "connect-src 'self' https: http:");
    for (const path of ['/mock', '/mock?endpoint=x', '/mock/'])
      expect(await cspOf(path), path).toBe(testerCsp);
  });

  it('win over an answer’s own header of the same name, and leave its others', async () => {
    const response = await fetch(`${origin}/own-policy`);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  /** A server behind the proxies TRUST_PROXY names; answers one request, says its HSTS header. */
  async function hstsFor(trust: Parameters<typeof requestCameOverHttps>[0], proto?: string) {
    const server = createServer(
      { ServerResponse: secureResponses(await securityHeaderList(), requestCameOverHttps(trust)) },
      (_request, response) => response.end('ok'),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: proto === undefined ? {} : { 'x-forwarded-proto': proto },
      });
      return response.headers.get('strict-transport-security');
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  }

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    expect(await hstsFor({ kind: 'addresses', addresses: ['127.0.0.1'] }, 'https')).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    expect(await hstsFor({ kind: 'hops', hops: 1 }, 'https')).toBe(STRICT_TRANSPORT_SECURITY);
    // Each proxy may add its own: the nearest one's (the last) is the one believed.
    expect(await hstsFor({ kind: 'hops', hops: 1 }, 'http, https')).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('is not sent over plain HTTP, nor when an untrusted peer claims HTTPS', async () => {
    expect(await hstsFor({ kind: 'none' })).toBeNull();
    expect(await hstsFor({ kind: 'none' }, 'https')).toBeNull();
    expect(await hstsFor({ kind: 'addresses', addresses: ['10.0.0.1'] }, 'https')).toBeNull();
    expect(await hstsFor({ kind: 'hops', hops: 1 }, 'http')).toBeNull();
    expect(await hstsFor({ kind: 'hops', hops: 1 })).toBeNull();
  });
});
