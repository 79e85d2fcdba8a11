import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser refuses before the app sees them (headers or URL over
 * `maxHeaderSize`, text that is not HTTP) get the API's JSON error, `{ "errors": ["…"] }`,
 * instead of Node's bare status line, when it is the connection's first request. The connection
 * closes after it, as Node's own answer does.
 */
export function answerClientErrors(server: Server): void {
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
          ? [408, 'The request took too long to arrive.']
          : [400, 'The request is not valid HTTP.'];
    const body = JSON.stringify({ errors: [message] });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json\r\n' +
        'x-content-type-options: nosniff\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'connection: close\r\n\r\n' +
        body,
    );
  });
}
