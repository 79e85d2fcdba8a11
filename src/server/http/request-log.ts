import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { randomUUID } from 'node:crypto';
import type { LogFields, Logger } from '../logger';
import { routeLabel } from '../metrics';

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
export function requestIdFor(
  incoming: string | string[] | undefined,
  fromTrustedProxy = true,
): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  return fromTrustedProxy && given !== undefined && SANE_REQUEST_ID.test(given)
    ? given
    : randomUUID();
}

/** Why a request was answered with a 5xx, as the request's log line says it (`failure`). */
export type FailureKind =
  'unexpected' | 'database-unavailable' | 'pool-exhausted' | 'writes-not-saved' | 'draining';

/** The failures noted for requests the request log is answering, until their line is written. */
const failures = new WeakMap<Context, { kind: FailureKind; error?: unknown }>();
/** The contexts of requests under way in requestLog. */
const logging = new WeakSet<Context>();

/**
 * Notes why this request failed, for its one log line (level error, with the error under `err`).
 * False when the request is not one requestLog answers (an API call made inside a page render):
 * the caller then logs the failure itself.
 */
export function noteFailure(c: Context, kind: FailureKind, error?: unknown): boolean {
  if (!logging.has(c)) return false;
  failures.set(c, { kind, error });
  return true;
}

/** Who sent a request, as the log names it. */
export interface RequestOrigin {
  /** The client's address (through trusted proxies: TRUST_PROXY). */
  client: string;
  /** Whether the socket's peer is a proxy TRUST_PROXY trusts: only then is its X-Request-Id kept. */
  fromTrustedProxy: boolean;
}

/**
 * Gives every request an id, echoed in the X-Request-Id response header, and logs one line per
 * request once it is answered: method, path, route, client address, status, duration; a 5xx at
 * level error with why (`failure`) and the error (`err`), the one line an alert counts. At debug
 * level also a line when it arrives, which shows what was in flight when a process stopped.
 * Every line carries the id as `reqId`.
 */
export function requestLog(
  log: Logger,
  originOf: (c: Context) => RequestOrigin = () => ({ client: '', fromTrustedProxy: true }),
) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    const { client, fromTrustedProxy } = originOf(c);
    const reqId = requestIdFor(c.req.header(REQUEST_ID_HEADER), fromTrustedProxy);
    const { method } = c.req;
    const path = c.req.path;
    log.debug(`-> ${method} ${path}`, { reqId, method, path, client });
    logging.add(c);
    try {
      await next();
    } finally {
      logging.delete(c);
    }
    const noted = failures.get(c);
    failures.delete(c);
    try {
      c.res.headers.set(REQUEST_ID_HEADER, reqId);
    } catch {
      // A response with immutable headers (fetched from elsewhere): copy it to add the id.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(REQUEST_ID_HEADER, reqId);
    }
    const status = c.res.status;
    const error = noted?.error ?? c.error;
    logAnswered(log, {
      reqId,
      method,
      path,
      route: routeLabel(method, path),
      client,
      status,
      ms: performance.now() - started,
      // A refusal (4xx) is the client's mistake, said in the status: no stack for it.
      ...(status >= 500 ? { failure: noted?.kind ?? 'unexpected' } : {}),
      ...(error && status >= 500 ? { err: error } : {}),
    });
  });
}

/** What the request log says of an answered request. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  path: string;
  /** The route table's pattern, or `static` (metrics.ts's routeLabel): bounded, for alerts. */
  route?: string;
  /** The client's address (through trusted proxies). */
  client?: string;
  status: number;
  /** Why a 5xx (FailureKind). */
  failure?: FailureKind;
  /** Milliseconds from arrival to answer. */
  ms: number;
  err?: unknown;
}

/**
 * The one line per answered request, from the app or from kept bytes (answer-cache.ts): info, or
 * error for a 5xx (warn for a drain's 503, which a stop is meant to give), with the error's
 * message in `msg` and its stack in `err` (pino writes it inside the one JSON line).
 */
export function logAnswered(log: Logger, answered: AnsweredRequest): void {
  const ms = Math.round(answered.ms * 10) / 10;
  const fields: LogFields = { ...answered, ms };
  const line = `${answered.method} ${answered.path} ${answered.status} ${ms.toFixed(1)}ms`;
  if (answered.status < 500) return log.info(line, fields);
  const why = answered.err instanceof Error ? `: ${answered.err.message}` : '';
  const message = `${line} ${answered.failure ?? 'unexpected'}${why}`;
  if (answered.failure === 'draining') log.warn(message, fields);
  else log.error(message, fields);
}
