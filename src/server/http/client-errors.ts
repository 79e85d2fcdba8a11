import { getRequestListener, RequestError } from '@hono/node-server';
import {
  maxHeaderSize,
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../logger';
import { logAnswered, REQUEST_ID_HEADER, requestIdFor } from './request-log';

/** The 408's message: a request (its headers, or its body) that stopped arriving in time. */
export const REQUEST_TOO_SLOW = 'The request took too long to arrive.';

/**
 * Requests Node's HTTP parser refuses before the app sees them (headers or URL over
 * `maxHeaderSize`, text that is not HTTP) get the API's JSON error, `{ "errors": ["…"] }`,
 * instead of Node's bare status line, when it is the connection's first request. The connection
 * closes after it, as Node's own answer does. Written on the raw socket, so the server's
 * ServerResponse does not add the security headers: `securityHeaders` are the very ones it adds
 * (securityHeaderList, security-headers.ts), written here too.
 */
export function answerClientErrors(server: Server, securityHeaders: [string, string][]): void {
  const secure = securityHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Gone, or the connection already carried an answer (a kept-alive or pipelined request after
    // it, maybe mid-way through): an answer written now could land inside another. Node's own
    // handler closes such a connection without a word too.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Socket).bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, `The request's headers and URL must be at most ${maxHeaderSize} bytes together.`]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, REQUEST_TOO_SLOW]
          : [400, 'The request is not valid HTTP.'];
    const body = JSON.stringify({ errors: [message] });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json\r\n' +
        'cache-control: no-store\r\n' +
        secure +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'connection: close\r\n\r\n' +
        body,
    );
  });
}

type FetchCallback = Parameters<typeof getRequestListener>[0];

/**
 * The node adapter's listener for `fetch`, except that a request it cannot turn into a `Request`
 * (a backslash in the path, a Host header that names no host) gets the API's JSON 400 and its log
 * line, instead of the adapter's empty 400 that no log saw. Any other failure the adapter catches
 * gets a JSON 500, logged with its error.
 */
export function nodeListener(fetch: FetchCallback, hostname: string, log: Logger): RequestListener {
  // The adapter refuses such a request synchronously, inside the call below, so the request that
  // arrived is known when its error handler runs; a later failure finds none.
  let arriving: IncomingMessage | undefined;
  const listener = getRequestListener(fetch, {
    hostname,
    errorHandler: (error) => {
      const incoming = arriving;
      const refused = error instanceof RequestError;
      const status = refused ? 400 : 500;
      const reqId = requestIdFor(incoming?.headers[REQUEST_ID_HEADER]);
      logAnswered(log, {
        reqId,
        method: incoming?.method ?? 'UNKNOWN',
        // As the app's lines: the path, never the query.
        path: (incoming?.url ?? '').split('?')[0]!.slice(0, 256),
        status,
        ms: 0,
        ...(refused ? {} : { err: error }),
      });
      return Response.json(
        {
          errors: [refused ? "The request's path or Host header is not valid." : STATUS_CODES[500]],
        },
        { status, headers: { [REQUEST_ID_HEADER]: reqId } },
      );
    },
  });
  return (incoming, outgoing) => {
    arriving = incoming;
    try {
      void listener(incoming, outgoing);
    } finally {
      arriving = undefined;
    }
  };
}
