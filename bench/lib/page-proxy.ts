import { request as httpRequest, createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { freePort } from '../../src/server/testing/free-port';

/**
 * A local proxy before the bench server that rewrites the pages it sends (`rewrite`) and passes
 * everything else through untouched. Pages go out gzipped as the server's own do, so a variant
 * of a page crosses a throttled network at the same cost as the page itself (Playwright's
 * `route.fulfill` would hand it to the browser at once, outside the throttling).
 */
export async function startPageProxy(
  upstream: string,
  rewrite: (html: string) => string,
  ports: readonly [number, number],
): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(upstream);
  const server: Server = createServer((incoming, outgoing) => {
    const page = incoming.headers['sec-fetch-dest'] === 'document';
    const headers = { ...incoming.headers, host: target.host };
    if (page) delete headers['accept-encoding'];
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!page || !type.startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = gzipSync(rewrite(Buffer.concat(chunks).toString('utf8')));
          const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 200, {
            ...rest,
            'content-encoding': 'gzip',
            'content-length': body.length,
          });
          outgoing.end(body);
        });
      },
    );
    forward.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  const port = await freePort(...ports);
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
