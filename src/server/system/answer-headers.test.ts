import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [4620, 4629] as const;

let server: ServerProcess;
let port: number;
const dir = createTempDir();

beforeAll(async () => {
  server = await startServer(
    {
      DATA_DIR: dir.path,
      WEB_DIR: writeWebFixture(dir.path),
      DATABASE_URL: join(dir.path, 'codetube.sqlite'),
      JWT_SECRET: 'answer-headers-test-secret-of-32-chars',
    },
    PORTS,
  );
  port = Number(new URL(server.url).port);
}, 60_000);
afterAll(async () => {
  killAllServers();
  await dir.drop();
});

/** Sends raw bytes; resolves with the answer's status and headers once the server closes. */
function exchange(raw: string): Promise<{ status: number; headers: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => {
      const [statusLine = '', ...lines] = answer.slice(0, answer.indexOf('\r\n\r\n')).split('\r\n');
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.on('error', reject);
  });
}

/**
 * The security headers (security-headers.ts) as an ordinary answer carries them
 * (Strict-Transport-Security only over HTTPS: not here).
 */
const SECURITY = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'x-content-type-options',
  'permissions-policy',
  'cross-origin-opener-policy',
];

describe('answers of the HTTP parser itself', () => {
  it('carry the security headers every other answer carries (431 and 400)', async () => {
    const normal = await fetch(`${server.url}/api/health`);
    expect(normal.status).toBe(200);
    expect(normal.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    for (const [status, raw] of [
      [431, `GET /api/videos?q=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: a\r\n\r\n`],
      [400, 'GET /\x01 HTTP/9\r\n\r\n'],
    ] as const) {
      const answer = await exchange(raw);
      expect(answer.status).toBe(status);
      for (const name of SECURITY) {
        expect(answer.headers.get(name), `${status} ${name}`).toBe(normal.headers.get(name));
      }
    }
  });
});

describe('answers with user data or a token', () => {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text) };
  };

  it('say Cache-Control: no-store, kept list answers too; the catalogue stays cacheable', async () => {
    const email = `no-store-${Date.now()}@example.com`;
    const signup = await call('POST', '/api/auth/signup', undefined, {
      firstName: 'No',
      lastName: 'Store',
      email,
      password: 'pw-no-store-1',
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('cache-control')).toBe('no-store');
    const login = await call('POST', '/api/auth/login', undefined, TEST_ACCOUNT);
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = login.body.encodedToken as string;
    // Twice on one connection each: the second answers come from the kept bytes (list-answers.ts).
    for (const path of [
      '/api/user/likes',
      '/api/user/likes',
      '/api/user/history',
      '/api/user/notes',
    ]) {
      const read = await call('GET', path, token);
      expect(read.status, path).toBe(200);
      expect(read.headers.get('cache-control'), path).toBe('no-store');
    }
    const logout = await call('POST', '/api/auth/logout', token);
    expect(logout.status).toBe(200);
    expect(logout.headers.get('cache-control')).toBe('no-store');
    const catalogue = await call('GET', '/api/videos');
    expect(catalogue.headers.get('cache-control')).toBe('no-cache');
    expect(catalogue.headers.get('etag')).toBeTruthy();
  });
});
