import type { Context, Hono, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import {
  routeTable,
  type ApiRoutes,
  type RouteKey,
  type RouteParams,
  type RouteResponse,
  type RouteSpec,
} from '../../contract/routes';
import type { ApiEnv } from '../context';
import type { SessionUser } from '../store/store';
import { parseOrReject, readBody } from './read-body';

type Parsed<Row, Field extends 'body' | 'query'> = Row extends {
  [Key in Field]: infer Schema extends z.ZodMiniType;
}
  ? z.output<Schema>
  : undefined;

/** What a handler is given: its row's parameters, body and query, checked; the signed-in user. */
export interface RouteInput<K extends RouteKey> {
  params: RouteParams<K>;
  body: Parsed<ApiRoutes[K], 'body'>;
  query: Parsed<ApiRoutes[K], 'query'>;
  user: ApiRoutes[K]['auth'] extends true ? SessionUser : undefined;
}

/**
 * A route's own work: the answer's body (sent as JSON with the row's status) or a whole Response
 * (a catalogue answer with its ETag, a 304).
 */
export type RouteHandler<K extends RouteKey> = (
  input: RouteInput<K>,
  c: Context<ApiEnv>,
) => Promise<RouteResponse<K> | Response>;

/** A handler, or one with middleware of its own that runs before the body is read (a rate limit). */
export type RouteEntry<K extends RouteKey> =
  RouteHandler<K> | { use: readonly MiddlewareHandler<ApiEnv>[]; handle: RouteHandler<K> };

/** Handlers by route name; `routeHandlers` of a module's routes, RouteHandlers for them all. */
export type RouteHandlers<K extends RouteKey = RouteKey> = { [Key in K]: RouteEntry<Key> };

/** A module's handlers, each typed by its route's row (the names must be the table's). */
export const routeHandlers = <K extends RouteKey>(handlers: RouteHandlers<K>) => handlers;

/** What the mounting adds to a row by its columns. */
export interface MountOptions {
  /** For rows with `auth`: the session check, which puts the user on the context (401 else). */
  signedIn: MiddlewareHandler<ApiEnv>;
  /** For a signed-in user's writes to their data (under /api/user): a few at a time. */
  userWrites: MiddlewareHandler<ApiEnv>;
}

const writesUserData = (row: RouteSpec) =>
  row.auth && row.method !== 'GET' && row.path.startsWith('/api/user/');

/** `/api/video/{videoId}` as Hono writes it, relative to the app's `/api` base. */
const honoPath = (path: string) => path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts every row of the route table on `api` (an app with base path `/api`): the row's method
 * and path, then the session check when it says `auth`, then its body (readBody: 415, 400, 422)
 * and query (422) checked with its schemas, then its handler, whose answer goes out with the
 * row's status. Fixed paths go before those with parameters (`DELETE /api/user/history/all`
 * before `/{videoId}`).
 */
export function mountRoutes(api: Hono, handlers: RouteHandlers, options: MountOptions): void {
  const rows = [...routeTable].sort(
    (a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0),
  );
  // Hono types an app's handlers by the app's Env: these see ApiEnv (the signed-in user).
  const on = api.on.bind(api) as unknown as (
    method: string,
    path: string,
    ...handlers: MiddlewareHandler<ApiEnv>[]
  ) => void;
  for (const row of rows) {
    const entry = handlers[`${row.method} ${row.path}` as RouteKey] as RouteEntry<RouteKey>;
    const { use = [], handle } = typeof entry === 'function' ? { handle: entry } : entry;
    const before: MiddlewareHandler<ApiEnv>[] = [
      ...(row.auth ? [options.signedIn] : []),
      ...(writesUserData(row) ? [options.userWrites] : []),
      ...use,
    ];
    const answer: MiddlewareHandler<ApiEnv> = async (c) => {
      const input = {
        params: c.req.param(),
        body: row.body ? await readBody(c, row.body) : undefined,
        query: row.query ? parseOrReject(row.query, c.req.query()) : undefined,
        user: row.auth ? c.var.user : undefined,
      } as RouteInput<RouteKey>;
      const answered = await handle(input, c);
      return answered instanceof Response ? answered : c.json(answered as object, row.status);
    };
    on(row.method, honoPath(row.path), ...before, answer);
  }
}
