import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  ServerResponse,
} from 'node:http';
import { catalogueVersionOf } from '../../api/catalogue/catalogue-cache';
import { chooseEncoding } from './compress-answers';
import { REQUEST_ID_HEADER, requestIdFor, type AnsweredRequest } from './request-log';

/** What a kept answer costs at most, all together; the least recently used go first. */
const MAX_BYTES = 64 * 1024 * 1024;
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
}

/** The key of an answer: the coding the client takes, then the path and query as sent. */
const keyOf = (acceptEncoding: string | undefined, path: string) =>
  `${chooseEncoding(acceptEncoding) ?? 'identity'} ${path}`;

/** Only anonymous, unconditional GETs are answered from kept bytes; the rest go to the app. */
const mayUseKept = (method: string | undefined, headers: Headers | IncomingMessage['headers']) => {
  const has = (name: string) =>
    headers instanceof Headers ? headers.has(name) : headers[name] !== undefined;
  return method === 'GET' && !has('authorization') && !has('if-none-match');
};

/**
 * Catalogue answers as the wire saw them: the final headers (security headers, ETag, coding)
 * and bytes (compressed or not) of every GET answer whose ETag names a catalogue version, kept
 * per URL and coding. While the catalogue keeps that version, the same request is answered
 * from them straight on Node's response, without building a Request, a Response or headers: a
 * catalogue read then costs about what a static file does. Anything else — another method, a
 * signed-in or conditional request, an answer without such an ETag — goes through the app.
 */
export class AnswerCache {
  private readonly kept = new Map<string, KeptAnswer>();
  private bytes = 0;

  /**
   * @param catalogueVersion the store's current catalogue version (cheap: it is reused for a
   *   few milliseconds, see CatalogueSql.version)
   * @param served told of each request answered from kept bytes, for the request log (with the
   *   request id it was given, as the app's requests are: request-log.ts)
   */
  constructor(
    private readonly catalogueVersion: () => Promise<string>,
    private readonly served: (answered: AnsweredRequest) => void,
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
      this.keep(
        keyOf(request.headers.get('accept-encoding') ?? undefined, url.pathname + url.search),
        {
          version,
          headers,
          body,
        },
      );
      return new Response(body, { status: 200, headers: response.headers });
    };
  }

  /** Node's request listener: kept answers first, the app's listener for everything else. */
  serving(app: RequestListener): RequestListener {
    return (request: IncomingMessage, response: ServerResponse) => {
      const found =
        request.url !== undefined && mayUseKept(request.method, request.headers)
          ? this.kept.get(keyOf(request.headers['accept-encoding'], request.url))
          : undefined;
      if (!found) {
        app(request, response);
        return;
      }
      const started = performance.now();
      this.catalogueVersion().then(
        (version) => {
          if (version !== found.version) {
            app(request, response);
            return;
          }
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

  private keep(key: string, answer: KeptAnswer) {
    const previous = this.kept.get(key);
    if (previous) {
      this.kept.delete(key);
      this.bytes -= previous.body.byteLength;
    }
    if (answer.body.byteLength > MAX_BYTES) return;
    this.kept.set(key, answer);
    this.bytes += answer.body.byteLength;
    for (const [oldKey, old] of this.kept) {
      if (this.bytes <= MAX_BYTES) break;
      this.kept.delete(oldKey);
      this.bytes -= old.body.byteLength;
    }
  }
}
