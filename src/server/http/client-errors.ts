import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';

/**
 * Requests Node's HTTP parser refuses before the app sees them (headers or URL over
 * `maxHeaderSize`, text that is not HTTP) get the API's JSON error, `{ "errors": ["…"] }`,
 * instead of Node's bare status line. The connection closes after it, as Node's own answer does.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Gone, or an answer of its own is already on its way: nothing can be said any more.
    if (error.code === 'ECONNRESET' || !socket.writable) {
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
