import type { ErrorBody } from '../../contract/errors';
import type { RouteKey, RouteResponse } from '../../contract/routes';
import { takeEarlyResponse } from '../boot/early-requests';
import { reportReachable, reportUnreachable } from './connection';
import { anyRouteUrl, type AnyRouteInit, type RouteInit } from './route-url';

/** How a request reaches the backend: `fetch` in server mode, the in-page API in mock mode. */
export type Transport = (request: Request) => Promise<Response>;

/** What every call resolves to on success (product §5: success is recognised by status). */
export interface ApiResponse<T> {
  status: number;
  data: T;
}

/**
 * A failed call: an HTTP error with the server's body, or no answer (status 0): a network failure,
 * a cancelled call, or a read that waited READ_TIMEOUT_MS (`timedOut`).
 */
export class ApiRequestError extends Error {
  /** A read that got no (whole) answer in time: the server may be there, only slow. */
  readonly timedOut: boolean;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
    options?: ErrorOptions & { timedOut?: boolean },
  ) {
    super(firstError(data) ?? statusText, options);
    this.timedOut = options?.timedOut ?? false;
  }

  /** No answer came: the network or the server is down. */
  get unreachable(): boolean {
    return this.status === 0 && !this.timedOut;
  }
}

/** product §8: the message a client shows for an error body is its first entry. */
export function firstError(data: unknown): string | undefined {
  const errors = (data as Partial<ErrorBody> | undefined)?.errors;
  return Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : undefined;
}

export const NETWORK_FAILURE = 'Network request failed';

/**
 * How long a read (GET) waits for its whole answer: past it the call fails (REQUEST_TIMED_OUT), so
 * a request that never answers cannot leave a screen loading for ever. Writes wait as long as it
 * takes: one that timed out may still have been done.
 */
export const READ_TIMEOUT_MS = 15_000;
export const REQUEST_TIMED_OUT = 'The server took too long to answer.';

/** A signal that aborts when the caller's does or when `ms` have passed (`expired` then). */
function deadline(callerSignal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const state = { expired: false };
  const timer = setTimeout(() => {
    state.expired = true;
    controller.abort(new DOMException(REQUEST_TIMED_OUT, 'TimeoutError'));
  }, ms);
  const follow = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) follow();
  else callerSignal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return state.expired;
    },
    clear() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', follow);
    },
  };
}

/**
 * `work`, or the signal's abort if that comes first: the mock's in-page API and an answer the boot
 * script asked for early do not stop when the request's signal aborts, so the wait has to.
 */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error);
      },
    );
  });
}

/** No answer came: no status, no status text; the message says what happened. */
const timedOut = (cause: unknown) =>
  new ApiRequestError(0, '', { errors: [REQUEST_TIMED_OUT] }, { cause, timedOut: true });

let transport: Transport = (request) => fetch(request);
let readToken: () => string | null = () => null;
let tokenRefused: (token: string) => void = () => undefined;

/** Sets the transport (main.tsx does this once, before the first call). */
export function setTransport(next: Transport): void {
  transport = next;
}

/** Tells the client where the signed-in user's token lives. */
export function setTokenSource(source: () => string | null): void {
  readToken = source;
}

/**
 * Tells the client what to do when the server refuses the token a call sent (401): the session
 * was ended elsewhere (a logout, 'Log out everywhere') or has expired. The handler gets the token
 * that was refused; the call still fails as before. The login and signup calls are left out: their
 * 401 is a wrong password, which says nothing about the session.
 */
export function onTokenRefused(handler: (token: string) => void): void {
  tokenRefused = handler;
}

let userDataWritten: () => void = () => {};

/**
 * Tells the client what to do after a call changed the signed-in user's lists (a successful write
 * under /api/user/, positions aside): other tabs of the browser are told, so they can show it
 * (data/data-provider.tsx).
 */
export function onUserDataWritten(handler: () => void): void {
  userDataWritten = handler;
}

/** A read of the API, by its route (the query cache's key names these). */
export type ReadRouteKey = Extract<RouteKey, `GET ${string}`>;

let readAgainHandler: (route: ReadRouteKey) => Promise<void> = async () => {};

/**
 * Who reads a list again when a write found this tab's copy behind (a 409: already there): the
 * query cache, which puts the answer where its reads go (data/data-provider.tsx).
 */
export function onReadAgain(handler: (route: ReadRouteKey) => Promise<void>): void {
  readAgainHandler = handler;
}

/** Reads the signed-in user's list at `route` again, through the query cache. */
export function readAgain(route: ReadRouteKey): Promise<void> {
  return readAgainHandler(route);
}

/** The calls whose 401 is about the credentials they carry, not the stored session. */
const CREDENTIAL_ROUTES: readonly RouteKey[] = ['POST /api/auth/login', 'POST /api/auth/signup'];

/** Per-call options: `signal` cancels a request whose answer is no longer wanted. */
export interface RequestOptions {
  signal?: AbortSignal;
}

async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  watchesSession: boolean,
): Promise<ApiResponse<unknown>> {
  const headers = new Headers({ accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('authorization', token);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const read = method === 'GET';
  const limit = read ? deadline(options.signal, READ_TIMEOUT_MS) : undefined;
  const signal = limit?.signal ?? options.signal;
  // A server render (ssr/render-page.tsx) has no window: its transport takes the path.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const request = new Request(new URL(path, origin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  let response: Response;
  let text: string;
  try {
    try {
      // The boot script may have sent this very GET already, while the app was loading.
      const early = read ? takeEarlyResponse(path, token) : undefined;
      const answer = early ?? transport(request);
      response = await (signal ? unlessAborted(answer, signal) : answer);
    } catch (error) {
      if (limit?.expired) throw timedOut(error);
      // A request the caller cancelled says nothing about the network.
      if (!options.signal?.aborted) reportUnreachable();
      throw new ApiRequestError(
        0,
        NETWORK_FAILURE,
        { errors: [NETWORK_FAILURE] },
        { cause: error },
      );
    }
    reportReachable();
    try {
      text = await (signal ? unlessAborted(response.text(), signal) : response.text());
    } catch (error) {
      if (limit?.expired) throw timedOut(error);
      throw error;
    }
  } finally {
    limit?.clear();
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (response.status === 401 && token && watchesSession) tokenRefused(token);
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, data);
  // Positions are saved every few seconds while a video plays: not worth a reload elsewhere.
  if (!read && path.startsWith('/api/user/') && !path.startsWith('/api/user/progress/')) {
    userDataWritten();
  }
  return { status: response.status, data };
}

/** A call's init: what the route needs (see RouteInit), plus the request options. */
export type CallInit<K extends RouteKey> = RouteInit<K> & RequestOptions;

/** The init may be left out when the route needs none of it. */
type CallArgs<K extends RouteKey> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing required"
  {} extends RouteInit<K> ? [init?: CallInit<K>] : [init: CallInit<K>];

/**
 * Calls a route by its name in the route table, `METHOD /path`:
 * `api.call('DELETE /api/user/likes/{videoId}', { params: { videoId } })`. The params, query and
 * body it takes and the data it resolves to are the table's types for that route. The answer is
 * not checked at run time (that would bring the schemas into the first load): the API and the
 * table are held together by the API's own tests (src/api/routes/route-table.test.ts).
 */
function call<K extends RouteKey>(
  route: K,
  ...init: CallArgs<K>
): Promise<ApiResponse<RouteResponse<K>>>;
function call(
  route: RouteKey,
  init: AnyRouteInit & { body?: unknown } & RequestOptions = {},
): Promise<ApiResponse<unknown>> {
  const method = route.slice(0, route.indexOf(' '));
  return send(
    method,
    anyRouteUrl(route, init),
    init.body,
    init,
    !CREDENTIAL_ROUTES.includes(route),
  );
}

/** The web app's one way to call the API. */
export const api = { call };
