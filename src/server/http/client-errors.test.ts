import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLog } from '../testing/recording-log';
import { answerClientErrors, nodeListener } from './client-errors';
import { securityHeaderList } from './security-headers';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

/** An answer's header lines, by lower-case name. */
const headersOf = (answer: string) =>
  new Map(
    answer
      .slice(0, answer.indexOf('\r\n\r\n'))
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
      }),
  );

describe('requests the HTTP parser refuses', () => {
  let server: Server;
  let port: number;
  let securityHeaders: [string, string][];
  beforeAll(async () => {
    securityHeaders = await securityHeaderList();
    server = createServer((_request, response) => response.end('ok'));
    answerClientErrors(server, securityHeaders);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('answers headers and a URL over the limit with 431 and a JSON error', async () => {
    const answer = await exchange(
      port,
      `GET /api/videos/search?q=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\ncontent-type: application\/json\r\n/);
    expect(bodyOf(answer)).toEqual({ errors: [expect.stringContaining('at most')] });
  });

  it('answers text that is not HTTP with 400 and a JSON error', async () => {
    const answer = await exchange(port, 'HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ errors: ['The request is not valid HTTP.'] });
  });

  it.each([
    ['431, headers over the limit', `GET /${'x'.repeat(100_000)} HTTP/1.1\r\nHost: a\r\n\r\n`],
    ['400, a malformed request line', 'GET /\x01 HTTP/9\r\n\r\n'],
  ])('answers %s with every security header the other answers carry', async (_case, raw) => {
    const headers = headersOf(await exchange(port, raw));
    // The very list the server's answers carry (security-headers.ts), not a second copy.
    for (const [name, value] of securityHeaders) expect(headers.get(name), name).toBe(value);
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Only over HTTPS, which a request the parser refused never showed (security-headers.ts).
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('writes nothing after an answer already sent on the connection: it only closes it', async () => {
    const good = 'GET / HTTP/1.1\r\nHost: a\r\n\r\n';
    const answer = await exchange(port, `${good}GET /${'x'.repeat(100_000)} HTTP/1.1\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.endsWith('ok')).toBe(true);
    expect(answer).not.toContain('431');
  });

  it('still answers good requests', async () => {
    const answer = await exchange(port, 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('requests the node adapter cannot read', () => {
  let server: Server;
  let port: number;
  const { lines, log } = recordingLog();
  beforeAll(async () => {
    server = createServer(nodeListener(() => new Response('ok'), '127.0.0.1', log));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it.each([
    [
      'a backslash in the path',
      'GET /assets/..\\..\\p.json HTTP/1.1\r\nHost: a\r\n',
      '/assets/..\\..\\p.json',
    ],
    [
      'a Host header that names no host',
      'GET /api/health?x=1 HTTP/1.1\r\nHost: a b\r\n',
      '/api/health',
    ],
  ])('answers %s with 400, the JSON error and a log line', async (_case, head, path) => {
    const answer = await exchange(
      port,
      `${head}X-Request-Id: probe-1\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\ncontent-type: application\/json\r\n/);
    expect(answer).toMatch(/\r\nx-request-id: probe-1\r\n/);
    expect(bodyOf(answer)).toEqual({ errors: ["The request's path or Host header is not valid."] });
    expect(lines.at(-1)?.fields).toMatchObject({
      reqId: 'probe-1',
      method: 'GET',
      path,
      status: 400,
    });
  });

  it('still answers good requests', async () => {
    const answer = await exchange(port, 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.endsWith('ok')).toBe(true);
  });
});
