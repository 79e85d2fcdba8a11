import { Hono, type Context } from 'hono';
import type { Logger } from './logger';
import { apiErrors } from '../contract/errors';
import { MAX_BODY_BYTES } from '../contract/limits';
import { answerCompressor } from './http/compress-answers';
import { REQUEST_TOO_SLOW } from './http/client-errors';
import { BodyBudget, readWholeBody, BODY_IDLE_MS } from './http/read-whole-body';
import { limiterAddress } from './http/client-address';
import { noteFailure, requestLog } from './http/request-log';
import type { ApiFailure } from '../api/create-api';
import { databaseUnavailable } from './db/db-errors';
import type { SeoAnswers } from './seo/seo-answers';
import type { ApiFetch } from './seo/page-renderer';
import { codetubeVersion } from './version';

export interface ServerAppParts {
  /** The API (createApi), answering everything under /api. */
  api: Hono;
  /**
   * The built SPA (loadStaticSite); undefined for requests it does not serve. `fetchApi` asks the
   * API as this request's client (a page rendered with its data reads it so); `client` is its
   * address (renders are budgeted per address).
   */
  site: (
    request: Request,
    fetchApi?: ApiFetch,
    client?: string,
  ) => Response | Promise<Response> | undefined;
  /** robots.txt and the sitemaps (seo/seo-answers.ts); unset: none (404). */
  seo?: SeoAnswers;
  /** A trivial query; rejects when the database cannot answer. */
  checkDatabase: () => Promise<void>;
  /** Resolves once this process's committed writes are on disk (OpenDatabase.settleWrites). */
  settleWrites: () => Promise<void>;
  log: Logger;
  /** Defaults to BODY_BUDGET_BYTES for the process, BODY_SHARE_BYTES per client address. */
  bodyBudget?: BodyBudget;
  /**
   * The client's address, whose bodies share BODY_SHARE_BYTES and which the request log names;
   * default: one for everyone.
   */
  clientAddress?: (c: Context) => string;
  /**
   * Whether the request's socket comes from a proxy TRUST_PROXY trusts: only then is its
   * X-Request-Id kept (request-log.ts). Default: never.
   */
  fromTrustedProxy?: (c: Context) => boolean;
  /**
   * A body none of whose bytes arrive for this long is answered 408 (BODY_TIMEOUT_SECONDS); it
   * must be whole within three times that.
   */
  bodyIdleMs?: number;
  /** The server's version, in GET /api/health; default: package.json's. */
  version?: string;
  /** Whether a drain has started (shutdown.ts): GET /readyz then answers 503. */
  draining?: () => boolean;
}

const databaseDown = 'The database is not reachable.';
/** GET /readyz once a drain started. */
const SHUTTING_DOWN = 'The server is shutting down.';
const failed = 'Internal Server Error';
/** Methods that never write. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Oversized bodies are read and thrown away up to this size, so that their 413 arrives. */
const DRAIN_CAP_BYTES = 16 * 1024 * 1024;
/** Request bodies a process holds at once while reading them (BodyBudget). */
export const BODY_BUDGET_BYTES = 64 * 1024 * 1024;
/**
 * What the bodies of one client address may hold at once: an eighth of the budget, so one
 * client (or a few) sending bodies and stalling cannot leave the others' POSTs refused.
 */
export const BODY_SHARE_BYTES = BODY_BUDGET_BYTES / 8;
/** What a client refused for the body budget is asked to wait before trying again. */
const BUSY_RETRY_SECONDS = 5;

/**
 * The one HTTP app of server mode: request log on everything, the health check, the API (its
 * JSON compressed), and the SPA for every other GET (deep links included). The security headers
 * are written by the server's responses (security-headers.ts), on kept answers too.
 */
export function createServerApp({
  api,
  site,
  seo,
  checkDatabase,
  settleWrites,
  log,
  bodyBudget = new BodyBudget(BODY_BUDGET_BYTES, BODY_SHARE_BYTES),
  clientAddress = () => '',
  fromTrustedProxy = () => false,
  bodyIdleMs = BODY_IDLE_MS,
  version = codetubeVersion(),
  draining = () => false,
}: ServerAppParts): Hono {
  const app = new Hono();
  app.use(
    requestLog(log, (c) => ({
      client: clientAddress(c),
      fromTrustedProxy: fromTrustedProxy(c),
    })),
  );
  // Static files are compressed once at start (static-site.ts); API answers are compressed here.
  const compressed = answerCompressor();

  app.get('/api/health', async (c) => {
    try {
      await checkDatabase();
      return c.json({ status: 'ok', version });
    } catch (error) {
      // Logged once, in the request's line (level error).
      noteFailure(c, 'database-unavailable', error);
      return c.json({ errors: [databaseDown] }, 503);
    }
  });
  // For probes, outside /api: never the app's page. Liveness: the process answers (the database
  // is /api/health's). Readiness: serving, until a drain starts (SIGTERM: load balancers stop
  // sending new requests while the ones in flight finish).
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', (c) => {
    if (!draining()) return c.json({ status: 'ready' });
    // A stop under way, not a failure: its line is a warning.
    noteFailure(c, 'draining');
    return c.json({ errors: [SHUTTING_DOWN] }, 503);
  });
  // Prometheus' usual path: the metrics are on METRICS_PORT (metrics.ts), never on this port.
  app.all('/metrics', (c) => c.json({ errors: ['Not found.'] }, 404));
  app.use('/api/*', async (c, next) => {
    const request = await readWholeBody(c.req.raw, MAX_BODY_BYTES, DRAIN_CAP_BYTES, bodyBudget, {
      // Asked only of a request with a body: a GET never needs it.
      get address() {
        return limiterAddress(clientAddress(c));
      },
      idleMs: bodyIdleMs,
    });
    if (!(request instanceof Request) && 'timedOut' in request) {
      // The rest of the body is not read: the connection cannot be reused.
      return c.json({ errors: [REQUEST_TOO_SLOW] }, 408, { connection: 'close' });
    }
    if (!(request instanceof Request) && 'busy' in request) {
      const { status, message } = apiErrors.busy;
      // The rest of the body is not read: the connection cannot be reused.
      return c.json({ errors: [message] }, status, {
        connection: 'close',
        'retry-after': String(BUSY_RETRY_SECONDS),
      });
    }
    if (!(request instanceof Request)) {
      const { status, message } = apiErrors.payloadTooLarge;
      // Past the cap the rest is not read: the connection cannot be reused.
      const headers: Record<string, string> = request.drained ? {} : { connection: 'close' };
      return c.json({ errors: [message] }, status, headers);
    }
    // A body read whole replaces the request (what the API reads it from).
    if (request !== c.req.raw) c.req.raw = request;
    await next();
    // An answer to a request that may have written goes out once its writes are on disk.
    if (!READS.has(c.req.raw.method)) {
      try {
        await settleWrites();
      } catch (error) {
        if (c.res.status < 500) {
          noteFailure(
            c,
            databaseUnavailable(error) ? 'database-unavailable' : 'writes-not-saved',
            error,
          );
        }
        // The API's answer may say the change was made: it must not go out, not even its headers.
        // A log out of reach for now (a folder made read-only) is a 503 the client may try again
        // after; the server recovers once it is back (group-commit.ts).
        if (c.res.status < 500) {
          const unavailable = databaseUnavailable(error);
          c.res = undefined;
          c.res = unavailable
            ? c.json({ errors: [unavailable] }, 503, {
                'retry-after': String(BUSY_RETRY_SECONDS),
              })
            : c.json({ errors: [failed] }, 500);
        }
      }
    }
    const answer = await compressed(c.req.raw, c.res);
    if (answer !== c.res) {
      // Unset first: assigning over an answer would copy its headers onto the new one.
      c.res = undefined;
      c.res = answer;
    }
  });
  // Mounted, not called: one dispatch per request. Its routes keep the API's error handler,
  // and its last route answers every other /api path (createApi).
  app.route('/', api);
  if (seo) {
    // A database out of reach is a 503 the crawler tries again later, as the API's are.
    const unlessUnavailable = async (c: Context, answer: () => Promise<Response> | Response) => {
      try {
        return await answer();
      } catch (error) {
        const unavailable = databaseUnavailable(error);
        if (!unavailable) throw error;
        noteFailure(c, 'database-unavailable', error);
        return c.json({ errors: [unavailable] }, 503, {
          'retry-after': String(BUSY_RETRY_SECONDS),
        });
      }
    };
    app.get('/robots.txt', (c) => seo.robots(c.req.raw));
    app.get('/sitemap.xml', (c) => unlessUnavailable(c, () => seo.sitemapIndex(c.req.raw)));
    app.get('/sitemaps/:file', (c) =>
      unlessUnavailable(c, () => seo.sitemap(c.req.raw, c.req.param('file'))),
    );
  }
  app.all('*', async (c) => {
    // The API straight, as this client: its limits and its address, no compression.
    const fetchApi: ApiFetch = async (request) => api.fetch(request, c.env);
    return (
      (await site(c.req.raw, fetchApi, limiterAddress(clientAddress(c)))) ??
      c.json({ errors: ['Not found.'] }, 404)
    );
  });

  // The request log's line says it (level error, the error under `err`).
  app.onError((_error, c) => c.json({ errors: [failed] }, 500));
  return app;
}

/**
 * The API's reporter on the server (ApiDeps.reportError): a failure goes into its request's one
 * log line (level error, with the request id, route and client); an API call outside the request
 * log (a page rendered with its data) gets a line of its own.
 */
export function apiFailureReporter(log: Logger) {
  return ({ kind, error }: ApiFailure, c: Context): void => {
    if (noteFailure(c, kind, error)) return;
    const why = error instanceof Error ? error.message : String(error);
    log.error(`${c.req.method} ${c.req.path} ${kind}: ${why}`, {
      method: c.req.method,
      path: c.req.path,
      failure: kind,
      err: error,
    });
  };
}
