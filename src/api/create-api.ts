import { memoryCounters } from './http/counters';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiErrors } from '../contract/errors';
import { MAX_BODY_BYTES, MAX_URL_LENGTH } from '../contract/limits';
import { requireUser } from './auth/require-user';
import type { ApiDeps, ApiFailure } from './context';
import { ApiError, errorResponse } from './http/errors';
import { mountRoutes, type RouteHandlers } from './http/mount-routes';
import { apiErrorOf } from './http/store-errors';
import { userWriteGate } from './http/user-write-gate';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { catalogueRoutes } from './routes/catalogue';
import { courseRoutes, userCourseRoutes } from './routes/courses';
import { noteRoutes } from './routes/notes';
import { playlistRoutes } from './routes/playlists';
import { progressRoutes } from './routes/progress';
import { testTodoRoutes } from './routes/test-todos';
import { videoListRoutes } from './routes/video-lists';
import { StoreError } from './store/store-error';

export type { ApiDeps, ApiFailure } from './context';

/** Where failures go without a reporter (the page's mock, tests): the console. */
function reportToConsole({ kind, error }: ApiFailure): void {
  if (kind === 'unexpected') console.error('Unexpected API failure', error);
  else {
    const what = kind === 'pool-exhausted' ? 'Database pool exhausted' : 'Database unavailable';
    console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What a 503 for an unavailable database asks clients to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The whole API as one Hono app, isomorphic: the page (mock mode), the Node server and the tests
 * all run this same code. Every error answers `{ errors: [message] }`: an ApiError as it says, a
 * store's refusal (StoreError) as `apiErrorOf` maps it, anything else as a 503 or a 500.
 */
export function createApi(given: ApiDeps): Hono {
  // One set of counters for every route (a deleted account's login limits are forgotten).
  const deps: ApiDeps = { ...given, counters: given.counters ?? memoryCounters(given.clock) };
  const api = new Hono().basePath('/api');

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      const { status, message } = apiErrors.payloadTooLarge;
      return errorResponse(c, status, [message]);
    },
  });
  api.use((c, next) => {
    if (c.req.url.length <= MAX_URL_LENGTH) return next();
    const { status, message } = apiErrors.urlTooLong;
    return Promise.resolve(errorResponse(c, status, [message]));
  });
  // GET and HEAD carry no body the API reads; looking for one makes Node's adapter build a
  // full Request, a large share of a catalogue read's cost.
  api.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  // A user's data and the answers that carry a token are nobody else's: no cache (a browser's
  // disk, a shared proxy) may keep them. Set after the route, on refusals too. The catalogue,
  // the same for everyone, is cached and checked again with its ETag (catalogue-cache.ts).
  const noStore: MiddlewareHandler = async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  };
  for (const path of ['/auth/*', '/user/*', '/test-todos', '/test-todos/*']) api.use(path, noStore);

  const signedIn = requireUser(deps);
  const handlers: RouteHandlers = {
    ...authRoutes(deps),
    ...catalogueRoutes(deps),
    ...courseRoutes(deps),
    ...videoListRoutes(deps),
    ...playlistRoutes(deps),
    ...noteRoutes(deps),
    ...progressRoutes(deps),
    ...userCourseRoutes(deps),
    ...accountRoutes(deps),
    ...testTodoRoutes(deps),
    'GET /api/config': async () => ({
      demoAccount: deps.demoAccount !== false,
      signup: {
        open: deps.signup?.open ?? true,
        emailDomains: [...(deps.signup?.emailDomains ?? [])],
      },
    }),
  };
  // One user's writes a few at a time: a burst cannot hold every database connection.
  mountRoutes(api, handlers, { signedIn, userWrites: userWriteGate() });
  api.get('/openapi.json', async (c) => {
    const { buildOpenApiDocument } = await import('./openapi');
    return c.json(buildOpenApiDocument());
  });

  const routeNotFound = (c: Context) => {
    const { status, message } = apiErrors.routeNotFound;
    return errorResponse(c, status, [message]);
  };
  // Under /user, a path no row has is still asked for a session first (401 before 404).
  api.all('/user/*', signedIn);
  // A route, not only the not-found handler: an app that mounts the API (the server's) keeps
  // its routes, not its not-found handler.
  api.all('*', routeNotFound);
  api.notFound(routeNotFound);
  api.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.limit) deps.limitRefused?.(error.limit);
      return errorResponse(c, error.status, error.messages, error.headers);
    }
    if (error instanceof StoreError) {
      const answer = apiErrorOf(error);
      return errorResponse(c, answer.status, answer.messages);
    }
    const unavailable = deps.unavailable?.(error);
    const report = deps.reportError ?? reportToConsole;
    if (unavailable) {
      // A full pool (every connection busy past the wait) is not a database out of reach: the
      // report says which (CODETUBE_POOL_EXHAUSTED: server/db/db-errors.ts).
      const exhausted = (error as { code?: unknown }).code === 'CODETUBE_POOL_EXHAUSTED';
      report({ kind: exhausted ? 'pool-exhausted' : 'database-unavailable', error }, c);
      return errorResponse(c, 503, [unavailable], { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    report({ kind: 'unexpected', error }, c);
    const { status, message } = apiErrors.internal;
    return errorResponse(c, status, [message]);
  });
  return api;
}
