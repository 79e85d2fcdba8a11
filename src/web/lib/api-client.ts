import type { ErrorBody } from '../../contract/errors';
import { takeEarlyResponse } from '../boot/early-requests';
import { reportReachable, reportUnreachable } from './connection';

/** How a request reaches the backend: `fetch` in server mode, the in-page API in mock mode. */
export type Transport = (request: Request) => Promise<Response>;

/** What every call resolves to on success (product §5: success is recognised by status). */
export interface ApiResponse<T> {
  status: number;
  data: T;
}

/** A failed call: an HTTP error with the server's body, or a network failure (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
    options?: ErrorOptions,
  ) {
    super(firstError(data) ?? statusText, options);
  }

  /** No answer came: the network or the server is down. */
  get unreachable(): boolean {
    return this.status === 0;
  }
}

/** product §8: the message a client shows for an error body is its first entry. */
export function firstError(data: unknown): string | undefined {
  const errors = (data as Partial<ErrorBody> | undefined)?.errors;
  return Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : undefined;
}

export const NETWORK_FAILURE = 'Network request failed';

let transport: Transport = (request) => fetch(request);
let readToken: () => string | null = () => null;

/** Sets the transport (main.tsx does this once, before the first call). */
export function setTransport(next: Transport): void {
  transport = next;
}

/** Tells the client where the signed-in user's token lives. */
export function setTokenSource(source: () => string | null): void {
  readToken = source;
}

/** Per-call options: `signal` cancels a request whose answer is no longer wanted. */
export interface RequestOptions {
  signal?: AbortSignal;
}

async function send<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('authorization', token);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(new URL(path, window.location.origin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });

  let response: Response;
  try {
    // The boot script may have sent this very GET already, while the app was loading.
    const early = method === 'GET' ? takeEarlyResponse(path, token) : undefined;
    response = await (early ?? transport(request));
  } catch (error) {
    // A request the caller cancelled says nothing about the network.
    if (!options.signal?.aborted) reportUnreachable();
    throw new ApiRequestError(0, NETWORK_FAILURE, { errors: [NETWORK_FAILURE] }, { cause: error });
  }
  reportReachable();
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, data);
  return { status: response.status, data: data as T };
}

/** The web app's one way to call the API. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown) => send<T>('POST', path, body),
  delete: <T>(path: string) => send<T>('DELETE', path),
};
