import { createMiddleware } from 'hono/factory';
import { randomUUID } from 'node:crypto';
import type { LogFields, Logger } from '../logger';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * An incoming X-Request-Id (from a proxy or the client) is kept when it looks like an id: up to
 * 128 letters, digits and `-_.:=@`. Anything else (spaces, control characters, a novel) is
 * replaced by a fresh UUID, so what reaches the log is always a plain token.
 */
const SANE_REQUEST_ID = /^[\w.:=@-]{1,128}$/;

/**
 * The request's id: the caller's when sane, else a new random one. A header Node's request gave
 * more than once counts by its first value.
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Gives every request an id, echoed in the X-Request-Id response header, and logs one line per
 * request once it is answered (info): method, path, status, duration, and the error when a
 * handler failed with a 5xx. At debug level also a line when it arrives, which shows what was in flight
 * when a process stopped. Every line carries the id as `reqId`.
 */
export function requestLog(log: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    const reqId = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    const { method } = c.req;
    const path = c.req.path;
    log.debug(`-> ${method} ${path}`, { reqId, method, path });
    await next();
    try {
      c.res.headers.set(REQUEST_ID_HEADER, reqId);
    } catch {
      // A response with immutable headers (fetched from elsewhere): copy it to add the id.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(REQUEST_ID_HEADER, reqId);
    }
    logAnswered(log, {
      reqId,
      method,
      path,
      status: c.res.status,
      ms: performance.now() - started,
      // A refusal (4xx) is the client's mistake, said in the status: no stack for it.
      ...(c.error && c.res.status >= 500 ? { err: c.error } : {}),
    });
  });
}

/** What the request log says of an answered request. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  path: string;
  status: number;
  /** Milliseconds from arrival to answer. */
  ms: number;
  err?: unknown;
}

/** The one line per answered request (info), from the app or from kept bytes (answer-cache.ts). */
export function logAnswered(log: Logger, answered: AnsweredRequest): void {
  const ms = Math.round(answered.ms * 10) / 10;
  const fields: LogFields = { ...answered, ms };
  log.info(`${answered.method} ${answered.path} ${answered.status} ${ms.toFixed(1)}ms`, fields);
}
