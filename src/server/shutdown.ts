import type { ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Logger } from './logger';

/** How long in-flight requests get to finish before their connections are cut. */
const GRACE_MS = 10_000;
/**
 * How long a keep-alive connection idle when the drain starts may still bring a request (one
 * its client may be sending right then), answered with `Connection: close`; then it is closed.
 */
const IDLE_GRACE_MS = 1_000;

/**
 * Whether the server is draining: from the stop on, /readyz answers 503 (server-app.ts) and every
 * answer says `Connection: close` (security-headers.ts), so keep-alive clients never send another
 * request on a connection about to close.
 */
export interface Drain {
  readonly draining: boolean;
  start(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    start: () => {
      draining = true;
    },
  };
}

/** Stops the server gracefully (as on SIGTERM), saying why in the log; only the first call counts. */
export type StopServing = (why: string) => void;

/**
 * On SIGTERM or SIGINT, or when the returned function is called (a cluster worker whose primary
 * is gone): start the drain, stop accepting connections, let in-flight requests finish (each
 * answer closing its connection; keep-alive connections idle at the start get IDLE_GRACE_MS to
 * bring a request, then are closed), then run `cleanUp` (close the database) and exit.
 * `stoppedAccepting` runs once the server no longer takes connections (a cluster worker tells
 * its primary). `exit` ends the process (after writing out the log).
 */
export function closeGracefullyOnSignals(
  server: ServerType,
  cleanUp: () => Promise<void>,
  log: Logger,
  stoppedAccepting: () => void = () => {},
  exit: (code: number) => void = (code) => process.exit(code),
  drain: Drain = createDrain(),
): StopServing {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    drain.start();
    log.info(`${why}: finishing in-flight requests, then closing`);
    const http = server as Server;
    const cutOff = setTimeout(() => http.closeAllConnections(), GRACE_MS);
    cutOff.unref();
    const idle = setTimeout(() => http.closeIdleConnections(), IDLE_GRACE_MS);
    idle.unref();
    // net.Server's close: stop listening, and call back once every connection is closed.
    // http.Server's own close also closes the idle keep-alive connections at once, which resets
    // a request a client is sending on one right then.
    NetServer.prototype.close.call(http, () => {
      clearTimeout(idle);
      clearTimeout(cutOff);
      cleanUp()
        .then(() => {
          log.info('closed');
          exit(0);
        })
        .catch((error: unknown) => {
          log.error(`closing failed: ${String(error)}`);
          exit(1);
        });
    });
    stoppedAccepting();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => stop(`${signal} received`));
  }
  return stop;
}
