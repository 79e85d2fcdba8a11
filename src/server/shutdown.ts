import type { ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { Logger } from './logger';

/** How long in-flight requests get to finish before their connections are cut. */
const GRACE_MS = 10_000;

/** Stops the server gracefully (as on SIGTERM), saying why in the log; only the first call counts. */
export type StopServing = (why: string) => void;

/**
 * On SIGTERM or SIGINT, or when the returned function is called (a cluster worker whose primary
 * is gone): stop accepting connections, let in-flight requests finish (idle keep-alive
 * connections are closed at once), then run `cleanUp` (close the database) and exit.
 * `stoppedAccepting` runs once the server no longer takes connections (a cluster worker tells
 * its primary). `exit` ends the process (after writing out the log).
 */
export function closeGracefullyOnSignals(
  server: ServerType,
  cleanUp: () => Promise<void>,
  log: Logger,
  stoppedAccepting: () => void = () => {},
  exit: (code: number) => void = (code) => process.exit(code),
): StopServing {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${why}: finishing in-flight requests, then closing`);
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
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => stop(`${signal} received`));
  }
  return stop;
}
