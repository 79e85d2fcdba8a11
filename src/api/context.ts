import type { Context } from 'hono';
import type { PasswordHasher } from './auth/password';
import type { SignedIn } from './auth/require-user';
import type { TokenCodec } from './auth/tokens';
import type { Clock } from './clock';
import type { AuthLimits } from '../contract/limits';
import type { CounterFactory } from './http/counters';
import type { SessionUser, Store } from './store/store';
import type { RefusingLimit } from './http/errors';

/**
 * Who may sign up (the server's SIGNUP and SIGNUP_EMAIL_DOMAINS): `open` false refuses every
 * signup; `emailDomains`, when not empty, the domains an email's part after its @ must be (lower
 * case, exact). Default: open to any email (the page's mock, tests).
 */
export interface SignupPolicy {
  open: boolean;
  emailDomains: readonly string[];
}

/** What the API is built from; each home (page, server, tests) supplies its own. */
export interface ApiDeps {
  store: Store;
  /** HS256 signing key for login tokens. */
  secret: string;
  /** Signs and checks tokens; default WebCrypto (the page), node:crypto on the server. */
  tokenCodec?: TokenCodec;
  passwordHasher: PasswordHasher;
  clock: Clock;
  /**
   * Bare GET /api/videos lists every video up to this many; above, it answers the first page
   * (default DEFAULT_FULL_LIST_MAX; the server reads CATALOGUE_FULL_LIST_MAX).
   */
  fullListMax?: number;
  /** Where a search's pages end (default SEARCH_MAX_DEPTH; tests lower it). */
  searchMaxDepth?: number;
  /** The most candidates a home search examines (default HOME_SEARCH_SCAN; tests lower it). */
  homeSearchScan?: number;
  /**
   * Catalogue reads a client address may have computed at once (default
   * CATALOGUE_READS_PER_CLIENT); only with `clientAddress`.
   */
  catalogueReadsPerClient?: number;
  /**
   * Catalogue reads of one client address that may wait for a turn beyond those (default
   * CATALOGUE_WAITING_PER_CLIENT); one more is answered 429.
   */
  catalogueWaitingPerClient?: number;
  /** Told of each request a rate limit refused, by the limit's name (the server's metrics). */
  limitRefused?: (limit: RefusingLimit) => void;
  /** Limits on login and signup; the defaults are in contract/limits.ts. */
  authLimits?: Partial<AuthLimits>;
  /**
   * Where the limits count. Default: this process's memory (the page's mock, tests); the server
   * counts on its database so that processes count together and restarts forget nothing.
   */
  counters?: CounterFactory;
  /**
   * The client's address for per-address limits (the server reads its socket, or
   * X-Forwarded-For through trusted proxies: TRUST_PROXY).
   */
  clientAddress?: (c: Context) => string;
  /**
   * Whether the demo account (TEST_ACCOUNT, whose password is published) may log in; default
   * true. The server's DEMO_ACCOUNT=off sets false: it is then neither seeded nor let in.
   */
  demoAccount?: boolean;
  /** Who may sign up; default open to anyone (SignupPolicy). */
  signup?: SignupPolicy;
  /**
   * For an unexpected error: the message of a 503 when it means the database is out of reach or
   * cannot write (the server knows its drivers' errors); undefined leaves it a 500.
   */
  unavailable?: (error: unknown) => string | undefined;
  /**
   * The outcome of checkSession for this very request, when the host has already run it (the
   * server does, before answering a list from the bytes it kept): the API then uses it instead
   * of asking the database again. Undefined: the API checks the session itself.
   */
  checkedSession?: (c: Context) => Promise<SignedIn> | undefined;
  /**
   * Told of every failure the API answers with a 5xx: the database out of reach or its pool
   * full (503), or anything unexpected (500). The server logs it with the request (its id, route
   * and client) through its logger; default: console.error (the page's mock, tests).
   */
  reportError?: (failure: ApiFailure, c: Context) => void;
}

/** A failure the API answered with a 5xx (ApiDeps.reportError). */
export interface ApiFailure {
  kind: 'database-unavailable' | 'pool-exhausted' | 'unexpected';
  error: unknown;
}

/** Hono's typing for the API: routes under /api/user see the signed-in user. */
export interface ApiEnv {
  Variables: { user: SessionUser; session: { tokenId: string; expiresAt: number } };
}
