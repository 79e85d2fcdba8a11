import type { Context } from 'hono';
import type { PasswordHasher } from './auth/password';
import type { Clock } from './clock';
import type { RateLimit } from './http/rate-limiter';
import type { Store, StoredUser } from './store/store';

/** What the API is built from; each home (page, server, tests) supplies its own. */
export interface ApiDeps {
  store: Store;
  /** HS256 signing key for login tokens. */
  secret: string;
  passwordHasher: PasswordHasher;
  clock: Clock;
  /** Limits on login and signup; the defaults are in contract/limits.ts. */
  authLimits?: { failedLoginsPerAccount?: RateLimit; requestsPerAddress?: RateLimit };
  /**
   * Bare GET /api/videos lists every video up to this many; above, it answers the first page
   * (default DEFAULT_FULL_LIST_MAX; the server reads CATALOGUE_FULL_LIST_MAX).
   */
  fullListMax?: number;
  /** The client's address for per-address limits (the server reads its socket). */
  clientAddress?: (c: Context) => string;
}

/** Hono's typing for the API: routes under /api/user see the signed-in user. */
export interface ApiEnv {
  Variables: { user: StoredUser };
}
