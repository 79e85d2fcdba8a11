/**
 * HTTP/1.1 pipelining bounded (issue 42, finding 14): Node hands the app every request a
 * connection has sent, answered or not, so a client that writes thousands without reading makes
 * the process hold thousands of answers. Here at most PIPELINED_MAX of one connection's requests
 * are with the app at once; the next ones wait (in arrival order) and the connection is not read
 * meanwhile, until an answer is done. Browsers and proxies never pipeline this deep; the server
 * belongs behind an HTTP proxy anyway (docs/operators.md "Deploy").
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A connection's requests with the app at once. */
export const PIPELINED_MAX = 8;

interface Connection {
  running: number;
  waiting: (() => void)[];
}

export function capPipelinedRequests(
  listener: RequestListener,
  max = PIPELINED_MAX,
): RequestListener {
  const connections = new WeakMap<Socket, Connection>();
  return (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    let connection = connections.get(socket);
    if (!connection) {
      const created: Connection = { running: 0, waiting: [] };
      connection = created;
      connections.set(socket, created);
      // Gone, the requests still waiting are never answered: nobody is there to read them.
      socket.once('close', () => (created.waiting.length = 0));
    }
    const state = connection;
    const run = () => {
      state.running += 1;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        state.running -= 1;
        const next = state.waiting.shift();
        if (next) next();
        else if (socket.isPaused() && !socket.destroyed) socket.resume();
      };
      response.once('finish', end);
      response.once('close', end);
      listener(request, response);
    };
    if (state.running < max) {
      run();
      return;
    }
    state.waiting.push(run);
    // Read no more of it until its answers go out (what was read already waits here).
    socket.pause();
  };
}
