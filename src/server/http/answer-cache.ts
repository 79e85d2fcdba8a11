import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  ServerResponse,
} from 'node:http';
import { catalogueVersionOf } from '../../api/catalogue/catalogue-cache';
import { chooseEncoding } from './compress-answers';
import { REQUEST_ID_HEADER, requestIdFor, type AnsweredRequest } from './request-log';

/**
 * What kept answers cost at most, all together (bodies, keys and headers), and how many there
 * are: an anonymous client asking for ever new URLs (`?q=<random>`) must not grow a worker's
 * memory without end. The least recently used go first.
 */
const DEFAULT_LIMITS = { bytes: 64 * 1024 * 1024, entries: 2_000 };
/** Headers that belong to one connection, moment or request, never kept. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  REQUEST_ID_HEADER,
]);

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

interface KeptAnswer {
  version: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** What keeping it costs: the body, the key and the headers. */
  cost: number;
}

/** The key of an answer: the coding the client takes, then the path and query as sent. */
const keyOf = (acceptEncoding: string | undefined, path: string) =>
  `${chooseEncoding(acceptEncoding) ?? 'identity'} ${path}`;

/**
 * Only unconditional GETs are answered from kept bytes (a conditional one may need a 304, which
 * the app decides). A catalogue answer is the same for every caller, so a signed-in reader (the
 * page sends its token on every call) gets the kept bytes too; answers that depend on the caller
 * carry no catalogue ETag and are never kept.
 */
const mayUseKept = (method: string | undefined, headers: Headers | IncomingMessage['headers']) => {
  const conditional =
    headers instanceof Headers
      ? headers.has('if-none-match')
      : headers['if-none-match'] !== undefined;
  return method === 'GET' && !conditional;
};

/**
 * Catalogue answers as the wire saw them: the final headers (security headers, ETag, coding)
 * and bytes (compressed or not) of every GET answer whose ETag names a catalogue version, kept
 * per URL and coding. While the catalogue keeps that version, the same request is answered
 * from them straight on Node's response, without building a Request, a Response or headers: a
 * catalogue read then costs about what a static file does. Anything else — another method, a
 * conditional request, an answer without such an ETag — goes through the app.
 */
export class AnswerCache {
  private readonly kept = new Map<string, KeptAnswer>();
  private bytes = 0;

  /**
   * @param catalogueVersion the store's current catalogue version (cheap: it is reused for a
   *   few milliseconds, see CatalogueSql.version)
   * @param served told of each request answered from kept bytes, for the request log (with the
   *   request id it was given, as the app's requests are: request-log.ts)
   * @param limits what all kept answers may cost together, and how many there may be
   */
  constructor(
    private readonly catalogueVersion: () => Promise<string>,
    private readonly served: (answered: AnsweredRequest) => void,
    private readonly limits: { bytes: number; entries: number } = DEFAULT_LIMITS,
  ) {}

  /** The app's fetch, keeping what it answers to catalogue reads. */
  keeping(
    fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  ): (request: Request, env?: unknown) => Promise<Response> {
    return async (request, env) => {
      const response = await fetch(request, env);
      const etag = response.headers.get('etag');
      const version = etag === null ? undefined : catalogueVersionOf(etag);
      if (
        response.status !== 200 ||
        version === undefined ||
        !mayUseKept(request.method, request.headers)
      ) {
        return response;
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers: OutgoingHttpHeaders = {};
      response.headers.forEach((value, name) => {
        if (!PER_RESPONSE.has(name)) headers[name] = value;
      });
      headers['content-length'] = body.byteLength;
      const url = new URL(request.url);
      const key = keyOf(
        request.headers.get('accept-encoding') ?? undefined,
        url.pathname + url.search,
      );
      let cost = body.byteLength + key.length;
      for (const [name, value] of Object.entries(headers))
        cost += name.length + String(value).length;
      this.keep(key, { version, headers, body, cost });
      return new Response(body, { status: 200, headers: response.headers });
    };
  }

  /** Node's request listener: kept answers first, the app's listener for everything else. */
  serving(app: RequestListener): RequestListener {
    return (request: IncomingMessage, response: ServerResponse) => {
      const key =
        request.url !== undefined && mayUseKept(request.method, request.headers)
          ? keyOf(request.headers['accept-encoding'], request.url)
          : undefined;
      const found = key === undefined ? undefined : this.kept.get(key);
      if (key === undefined || !found) {
        app(request, response);
        return;
      }
      const started = performance.now();
      this.catalogueVersion().then(
        (version) => {
          if (version !== found.version) {
            // An older catalogue's answer is never good again: the app's answer replaces it.
            this.forget(key);
            app(request, response);
            return;
          }
          // Most recently used: last in the map's order, the last to be forgotten.
          this.kept.delete(key);
          this.kept.set(key, found);
          const reqId = requestIdFor(header(request.headers[REQUEST_ID_HEADER]));
          response.setHeader(REQUEST_ID_HEADER, reqId);
          response.writeHead(200, found.headers);
          response.end(found.body);
          const ms = performance.now() - started;
          this.served({ reqId, method: 'GET', path: request.url!.split('?')[0]!, status: 200, ms });
        },
        // The database is out of reach: the app answers (a 503) and logs it.
        () => app(request, response),
      );
    };
  }

  /** How many answers are kept, and what they cost (for tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }

  private forget(key: string) {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.bytes -= kept.cost;
  }

  private keep(key: string, answer: KeptAnswer) {
    this.forget(key);
    if (answer.cost > this.limits.bytes) return;
    this.kept.set(key, answer);
    this.bytes += answer.cost;
    for (const oldKey of this.kept.keys()) {
      if (this.kept.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.forget(oldKey);
    }
  }
}
