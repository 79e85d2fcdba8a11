import type { ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { Logger } from './logger';

/** How long in-flight requests get to finish before their connections are cut. */
const GRACE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish (idle
 * keep-alive connections are closed at once), then run `cleanUp` (close the database) and exit.
 * `stoppedAccepting` runs once the server no longer takes connections (a cluster worker tells
 * its primary). `exit` ends the process (after writing out the log).
 */
export function closeGracefullyOnSignals(
  server: ServerType,
  cleanUp: () => Promise<void>,
  log: Logger,
  stoppedAccepting: () => void = () => {},
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests, then closing`);
    const http = server as Server;
    const cutOff = setTimeout(() => http.closeAllConnections(), GRACE_MS);
    cutOff.unref();
    http.close(() => {
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
    http.closeIdleConnections();
    stoppedAccepting();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
