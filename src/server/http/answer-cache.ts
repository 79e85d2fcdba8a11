import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { catalogueQueryNames, catalogueVersionOf } from '../../api/catalogue/catalogue-cache';
import { chooseEncoding } from './compress-answers';
import { answerToKeep, KeptAnswers } from './kept-answers';
import {
  REQUEST_ID_HEADER,
  requestIdFor,
  type AnsweredRequest,
  type RequestOrigin,
} from './request-log';
import { routeLabel } from '../metrics';

/**
 * What kept answers cost at most, all together (bodies, keys and headers), and how many there
 * are: an anonymous client asking for ever new URLs (`?q=<random>`) must not grow a worker's
 * memory without end. The least recently used go first.
 */
const DEFAULT_LIMITS = { bytes: 64 * 1024 * 1024, entries: 2_000 };

/** A query parameter's name as the routes read it ('+' a space, escapes decoded when they can be). */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * A URL as it names an answer: for a catalogue route, its path and only the parameters its route
 * reads, sorted by name (each value as sent, so that every value still tells answers apart);
 * unknown parameters (`?j=<n>`) and their order do not make a new answer to compute and keep.
 * Any other URL as sent.
 */
function answerName(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const names = catalogueQueryNames(path);
  if (!names) return url;
  const read = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodedName(equals < 0 ? pair : pair.slice(0, equals));
      return { name, value: equals < 0 ? '' : pair.slice(equals + 1) };
    })
    .filter(({ name }) => names.includes(name))
    // Stable: repeated values keep their order.
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `${path}?${read.map(({ name, value }) => `${encodeURIComponent(name)}=${value}`).join('&')}`;
}

/** The key of an answer: the coding the client takes, then the URL as it names the answer. */
const keyOf = (acceptEncoding: string | undefined, url: string) =>
  `${chooseEncoding(acceptEncoding) ?? 'identity'} ${answerName(url)}`;

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
  private readonly kept: KeptAnswers;
  /** Catalogue reads answered from kept bytes, and those the app computed (the metrics'). */
  readonly counts = { hits: 0, misses: 0 };

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
    limits: { bytes: number; entries: number } = DEFAULT_LIMITS,
    /** Who sent a request (client-address.ts requestOrigin); default: the caller's id is kept. */
    private readonly origin: (request: IncomingMessage) => RequestOrigin = () => ({
      client: '',
      fromTrustedProxy: true,
    }),
  ) {
    this.kept = new KeptAnswers(limits);
  }

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
      const url = new URL(request.url);
      const key = keyOf(
        request.headers.get('accept-encoding') ?? undefined,
        url.pathname + url.search,
      );
      const kept = await answerToKeep(response, key, version);
      this.kept.keep(key, kept.answer);
      // A catalogue read the app had to compute: not kept yet, or kept for an older version.
      this.counts.misses += 1;
      return kept.response;
    };
  }

  /** Node's request listener: kept answers first, the app's listener for everything else. */
  serving(app: RequestListener): RequestListener {
    return (request: IncomingMessage, response: ServerResponse) => {
      const key =
        request.url !== undefined && mayUseKept(request.method, request.headers)
          ? keyOf(request.headers['accept-encoding'], request.url)
          : undefined;
      const found = key === undefined ? undefined : this.kept.peek(key);
      if (key === undefined || !found) {
        app(request, response);
        return;
      }
      const started = performance.now();
      this.catalogueVersion().then(
        (version) => {
          if (version !== found.version) {
            // An older catalogue's answer is never good again: the app's answer replaces it.
            this.kept.forget(key);
            app(request, response);
            return;
          }
          this.kept.use(key);
          this.counts.hits += 1;
          const { client, fromTrustedProxy } = this.origin(request);
          const reqId = requestIdFor(request.headers[REQUEST_ID_HEADER], fromTrustedProxy);
          response.setHeader(REQUEST_ID_HEADER, reqId);
          response.writeHead(200, found.headers);
          response.end(found.body);
          const ms = performance.now() - started;
          this.served({
            reqId,
            method: 'GET',
            path: request.url!.split('?')[0]!,
            route: routeLabel('GET', request.url!),
            client,
            status: 200,
            ms,
          });
        },
        // The database is out of reach: the app answers (a 503) and logs it.
        () => app(request, response),
      );
    };
  }

  /** How many answers are kept, and what they cost (for tests). */
  get size(): { entries: number; bytes: number } {
    return this.kept.size;
  }
}
