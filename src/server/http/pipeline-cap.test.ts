import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { capPipelinedRequests, PIPELINED_MAX } from './pipeline-cap';

describe('pipelined requests', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  /** A server whose answers wait until the test ends them; it counts the requests it was given. */
  async function holdingServer() {
    const held: ServerResponse[] = [];
    const server = createServer(
      capPipelinedRequests((_request, response) => {
        held.push(response);
      }),
    );
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    closers.push(
      () =>
        new Promise<void>((closed) => {
          server.closeAllConnections();
          server.close(() => closed());
        }),
    );
    return { port: (server.address() as AddressInfo).port, held };
  }

  it(`runs at most ${PIPELINED_MAX} of one connection's at once; the rest wait, unread`, async () => {
    const { port, held } = await holdingServer();
    const socket = connect(port, '127.0.0.1');
    closers.push(async () => void socket.destroy());
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const count = 40;
    socket.write('GET /trending HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(count));
    await expect.poll(() => held.length).toBe(PIPELINED_MAX);
    // Answered one by one, each answer lets one more in: never more than the cap at once.
    for (let index = 0; index < count; index += 1) {
      await expect.poll(() => held.length).toBe(Math.min(count, index + PIPELINED_MAX));
      const waiting = held.length - index;
      expect(waiting).toBeLessThanOrEqual(PIPELINED_MAX);
      held[index]!.end(`answer ${index}\n`);
    }
    await expect.poll(() => received.split('HTTP/1.1 200').length - 1).toBe(count);
    expect(received).toContain(`answer ${count - 1}\n`);
  }, 30_000);
});
