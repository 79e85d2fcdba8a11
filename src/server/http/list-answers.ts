import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  ServerResponse,
} from 'node:http';
import type { SignedIn } from '../../api/auth/require-user';
import type { VideoListName } from '../../api/store/store';
import { chooseEncoding } from './compress-answers';
import { answerToKeep, KeptAnswers } from './kept-answers';
import {
  REQUEST_ID_HEADER,
  requestIdFor,
  type AnsweredRequest,
  type RequestOrigin,
} from './request-log';
import { routeLabel } from '../metrics';

/** The reads a signed-in page makes on every visit, by the path it asks. */
const LIST_PATHS = new Map<string, VideoListName>([
  ['/api/user/likes', 'likes'],
  ['/api/user/history', 'history'],
  ['/api/user/watchlater', 'watchlater'],
]);
/**
 * What kept list answers cost at most, all together (bodies, keys and headers), and how many
 * there are; the least recently used go first.
 */
const DEFAULT_LIMITS = { bytes: 32 * 1024 * 1024, entries: 10_000 };
/** Where a list answer the app is making will be kept, once it is made. */
interface Keeping {
  key: string;
  version: string;
}

type CheckSession = (authorization: string, method: string) => Promise<SignedIn>;

/**
 * The answers of signed-in `GET /api/user/likes`, `/history` and `/watchlater`, kept as the wire
 * saw them, per user, list and coding, under the version of the list they were read at. Every
 * such request still checks its session with the database (one query), and that query also
 * reads the list's version, which changes with every write to the list and every catalogue
 * write, in whichever process: while it is the kept answer's version, the kept bytes are the
 * list, and they are written straight on Node's response (no Request, Response or Headers, no
 * router, no second query). Otherwise the app answers, given the session this check found (so
 * it does not ask again), and its answer is kept for the next time. A refused session and a
 * database out of reach are answered by the app, from the same check, as ever.
 */
export class ListAnswers {
  /** Under the list's version (SessionFacts.listVersions) each was read at. */
  private readonly kept: KeptAnswers;
  private readonly checked = new WeakMap<IncomingMessage, Promise<SignedIn>>();
  private readonly keepingFor = new WeakMap<IncomingMessage, Keeping>();

  /**
   * @param check the API's checkSession on the server's store
   * @param served told of each request answered from kept bytes, for the request log
   * @param limits what all kept answers may cost together, and how many there may be
   */
  constructor(
    private readonly check: CheckSession,
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

  /**
   * For ApiDeps.checkedSession: the outcome of the check this listener ran for the request (the
   * Node request the app's context carries), once.
   */
  checkedFor(incoming: IncomingMessage | undefined): Promise<SignedIn> | undefined {
    if (incoming === undefined) return undefined;
    const outcome = this.checked.get(incoming);
    this.checked.delete(incoming);
    return outcome;
  }

  /** The app's fetch, keeping its answers to the list reads this listener let through. */
  keeping(
    fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  ): (request: Request, env?: unknown) => Promise<Response> {
    return async (request, env) => {
      const response = await fetch(request, env);
      const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
      const keeping = incoming && this.keepingFor.get(incoming);
      if (!keeping || response.status !== 200) return response;
      const kept = await answerToKeep(response, keeping.key, keeping.version);
      this.kept.keep(keeping.key, kept.answer);
      return kept.response;
    };
  }

  /** Node's request listener: kept list answers first, the app's listener for everything else. */
  serving(app: RequestListener): RequestListener {
    return (request: IncomingMessage, response: ServerResponse) => {
      const list = request.method === 'GET' ? LIST_PATHS.get(request.url ?? '') : undefined;
      const authorization = request.headers.authorization;
      if (list === undefined || authorization === undefined) {
        app(request, response);
        return;
      }
      const started = performance.now();
      const outcome = this.check(authorization, 'GET');
      outcome.then(
        (signedIn) => {
          const key = `${signedIn.user._id} ${list} ${chooseEncoding(request.headers['accept-encoding']) ?? 'identity'}`;
          const version = signedIn.listVersions[list];
          const found = this.kept.peek(key);
          if (found?.version !== version) {
            this.checked.set(request, outcome);
            this.keepingFor.set(request, { key, version });
            app(request, response);
            return;
          }
          this.kept.use(key);
          const { client, fromTrustedProxy } = this.origin(request);
          const reqId = requestIdFor(request.headers[REQUEST_ID_HEADER], fromTrustedProxy);
          // One object for writeHead: a header set before it makes Node set each of the
          // others one by one, checking every name and value again.
          const headers: OutgoingHttpHeaders = { [REQUEST_ID_HEADER]: reqId };
          for (const name in found.headers) headers[name] = found.headers[name];
          response.writeHead(200, headers);
          response.end(found.body);
          const ms = performance.now() - started;
          this.served({
            reqId,
            method: 'GET',
            path: request.url!,
            route: routeLabel('GET', request.url!),
            client,
            status: 200,
            ms,
          });
        },
        // Refused, or the database is out of reach: the app answers from this very outcome.
        () => {
          this.checked.set(request, outcome);
          app(request, response);
        },
      );
    };
  }

  /** How many answers are kept, and what they cost (for tests). */
  get size(): { entries: number; bytes: number } {
    return this.kept.size;
  }
}
