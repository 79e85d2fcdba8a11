import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [3290, 3299] as const;
const TWO_MB = Buffer.alloc(2 * 1024 * 1024, 'a');
const ROUNDS = 5;

let server: ServerProcess;
const dir = createTempDir();

beforeAll(async () => {
  server = await startServer(
    {
      DATA_DIR: dir.path,
      WEB_DIR: writeWebFixture(dir.path),
      DATABASE_URL: join(dir.path, 'codetube.sqlite'),
      JWT_SECRET: 'body-limit-test-secret-of-at-least-32-chars',
    },
    PORTS,
  );
}, 60_000);
afterAll(async () => {
  killAllServers();
  await dir.drop();
});

/** POSTs the body with node:http; resolves with the status and body, rejects on a reset. */
function postWithHttp(url: string, body: Buffer, chunked: boolean) {
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = body.length;
    const req = request(`${url}/api/auth/signup`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, text }));
      response.on('error', fail);
    });
    req.on('error', fail);
    if (chunked) {
      // Written in pieces without a length: the limit is only found while reading.
      for (let offset = 0; offset < body.length; offset += 64 * 1024) {
        req.write(body.subarray(offset, offset + 64 * 1024));
      }
      req.end();
    } else {
      req.end(body);
    }
  });
}

describe('a body over 1 MB', () => {
  const expected = { errors: [apiErrors.payloadTooLarge.message] };

  it(`answers 413 to node:http every time (${ROUNDS} rounds, with and without a length)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const chunked of [false, true]) {
        const result = await postWithHttp(server.url, TWO_MB, chunked);
        expect(result.status).toBe(413);
        expect(JSON.parse(result.text)).toEqual(expected);
      }
    }
  }, 60_000);

  it(`answers 413 to fetch every time (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const response = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: TWO_MB,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(expected);
    }
  }, 60_000);

  it('still serves the next request on the server', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
  });
});
