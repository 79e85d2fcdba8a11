import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger';

/**
 * One line per request once it is answered (info): method, path, status, duration. At debug level
 * also a line when it arrives, which shows what was in flight when a process stopped.
 */
export function requestLog(log: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    const { method } = c.req;
    const path = c.req.path;
    log.debug(`-> ${method} ${path}`);
    await next();
    const duration = (performance.now() - started).toFixed(1);
    log.info(`${method} ${path} ${c.res.status} ${duration}ms`);
  });
}
