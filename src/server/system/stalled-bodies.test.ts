import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const PORTS = [4610, 4619] as const;
/** A declared body just under the API's 1 MB, of which all but the last byte is sent. */
const DECLARED = 1_000_000;
/** As many stalled sockets as the attack that filled the 64 MB budget (issue 26, finding 2). */
const STALLED = 140;

const dir = createTempDir();
const sockets: Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  killAllServers();
});
afterAll(() => dir.drop());

const start = (env: Record<string, string>) =>
  startServer(
    {
      DATA_DIR: dir.path,
      WEB_DIR: writeWebFixture(dir.path),
      DATABASE_URL: join(dir.path, `stalled-${Date.now()}.sqlite`),
      JWT_SECRET: 'stalled-bodies-test-secret-of-32-chars',
      ...env,
    },
    PORTS,
  );

/**
 * Opens a connection from `localAddress` and sends a POST's head and `sent` bytes of its declared
 * body, then nothing more. Resolves with the socket once its bytes are handed to the system.
 */
function stall(server: ServerProcess, sent: number, localAddress = '127.0.0.1'): Promise<Socket> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress }, () => {
      socket.write(
        'POST /api/user/notes/x HTTP/1.1\r\nHost: codetube.test\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${DECLARED}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(sent, ' '), () => resolve(socket));
    });
    // Refused (reset) sockets are the server's to close: nothing to report.
    socket.on('error', () => resolve(socket));
    sockets.push(socket);
  });
}

/** A POST from `localAddress`; its status, or 0 when the connection was reset or closed. */
function post(
  server: ServerProcess,
  path: string,
  body: string,
  localAddress: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const pending = request(
      `${server.url}${path}`,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', () => resolve({ status: 0, text }));
      },
    );
    pending.on('error', () => resolve({ status: 0, text: '' }));
    pending.end(body);
  });
}

/** Valid JSON of about 100 KB: more than any leftover of the budget smaller than one read chunk. */
const padded = (value: unknown) => JSON.stringify(value) + ' '.repeat(100_000);

describe('bodies that stop arriving', () => {
  it('are answered 408 and closed once no byte came for BODY_TIMEOUT_SECONDS', async () => {
    const server = await start({ BODY_TIMEOUT_SECONDS: '1', WEB_CONCURRENCY: '1' });
    const socket = await stall(server, 10);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: ['The request took too long to arrive.'],
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it(`from ${STALLED} sockets of one address leave another address's login working`, async () => {
    // Long enough that the stalled bodies are still held while the login is tried.
    const server = await start({ BODY_TIMEOUT_SECONDS: '120', WEB_CONCURRENCY: '1' });
    await Promise.all(Array.from({ length: STALLED }, () => stall(server, DECLARED - 1)));
    // The stalling address is refused a 100 KB body once what its bodies hold is within 100 KB
    // of what it may hold (its share now; the whole budget before). The bodies refused on the way
    // gave their bytes back, so it tops the gap up with smaller stalled bodies until then.
    const probe = padded({ note: { content: 'probe' } });
    for (let round = 0; ; round += 1) {
      const probed = await post(server, '/api/user/notes/x', probe, '127.0.0.1');
      if (probed.status === 503 || probed.status === 0) break;
      expect(probed.status).toBe(401);
      expect(round).toBeLessThan(1_000);
      await stall(server, 60_000);
    }
    // Another client (127.0.0.2 is loopback too on Linux) logs in, with a body of 100 KB.
    const login = await post(server, '/api/auth/login', padded(TEST_ACCOUNT), '127.0.0.2');
    expect(login.status).toBe(200);
    expect(JSON.parse(login.text).encodedToken).toEqual(expect.any(String));
  }, 120_000);
});
