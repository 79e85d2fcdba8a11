import type { ReceivedResponse, ReqType, TesterResponse } from './tester-reducer';
import { testerTexts } from './tester-texts';

/** What Submit sends (product §7: method, endpoint, enabled headers, the stored body). */
export interface TesterRequest {
  reqType: ReqType;
  endpoint: string;
  headers: Record<string, string>;
  /** Valid JSON text; not sent with GET. */
  body: string;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** product §9: success statuses. */
export const isSuccessStatus = (status: number) => status >= 200 && status <= 299;

// Responses built in the page (the mock) and HTTP/2 carry no reason phrase; show the usual one.
const reasonPhrases: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The method, headers and body as `fetch` takes them. */
export function requestInit(request: TesterRequest): RequestInit {
  const headers = new Headers(request.headers);
  if (request.reqType === 'GET') return { method: 'GET', headers };
  // "Sends the stored body parsed as JSON": the value, serialised, labelled as JSON unless the
  // user chose a content type of their own.
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return {
    method: request.reqType,
    headers,
    body: JSON.stringify(JSON.parse(request.body)),
  };
}

/** A millisecond clock; injectable so that timings can be tested without waiting. */
export type Now = () => number;

async function readResponse(
  response: Response,
  started: number,
  now: Now,
): Promise<ReceivedResponse> {
  // Bytes, not characters: the size is what came over the wire once decoded (after any gzip).
  const bytes = await response.arrayBuffer();
  const durationMs = Math.max(0, Math.round(now() - started));
  const text = new TextDecoder().decode(bytes);
  let data: unknown = undefined;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return {
    kind: 'response',
    status: response.status,
    statusText: response.statusText || (reasonPhrases[response.status] ?? ''),
    ok: isSuccessStatus(response.status),
    headers: [...response.headers],
    data,
    durationMs,
    sizeBytes: bytes.byteLength,
  };
}

function describeError(error: unknown): { name: string; message: string } {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

/**
 * Sends the tester's request and reads the whole response. Never throws: a non-2xx answer is a
 * response like any other; a request that got no answer becomes a `RequestFailure`. Failures of
 * both kinds are logged (product §8).
 */
export async function sendTesterRequest(
  request: TesterRequest,
  // Read `window.fetch` at call time: in mock mode it is the patched one that answers /api here.
  fetchImpl: FetchLike = (input, init) => window.fetch(input, init),
  now: Now = () => performance.now(),
): Promise<TesterResponse> {
  const label = `${request.reqType} ${request.endpoint}`;
  let init: RequestInit;
  try {
    // Refuse what the browser would refuse, so that such a refusal is not taken for a network
    // failure below: a header name or value it cannot send, an endpoint that is no URL.
    init = requestInit(request);
    new URL(request.endpoint, window.location.href);
  } catch (error) {
    const failure: TesterResponse = { kind: 'error', ...describeError(error) };
    console.error(`Request tester: ${label} could not be sent`, error);
    return failure;
  }

  // The time is measured around the fetch and the reading of the body: what the user waits for.
  const started = now();
  let response: Response;
  try {
    response = await fetchImpl(request.endpoint, init);
  } catch (error) {
    const { name, message } = describeError(error);
    const durationMs = Math.max(0, Math.round(now() - started));
    // fetch rejects with a TypeError when no response arrived (offline, refused, CORS).
    const failure: TesterResponse =
      name === 'TypeError'
        ? {
            kind: 'error',
            name,
            message: testerTexts.networkFailure,
            // The mock's offline scenario already says it in these words: no need to repeat.
            ...(message === testerTexts.networkFailure ? {} : { detail: message }),
            durationMs,
          }
        : { kind: 'error', name, message, durationMs };
    console.error(`Request tester: ${label} failed`, error);
    return failure;
  }

  try {
    const received = await readResponse(response, started, now);
    if (!received.ok) {
      console.error(
        `Request tester: ${label} answered ${received.status} ${received.statusText}`,
        received.data,
      );
    }
    return received;
  } catch (error) {
    console.error(`Request tester: ${label} failed while reading the response`, error);
    return { kind: 'error', ...describeError(error) };
  }
}
