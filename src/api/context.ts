import type { PasswordHasher } from './auth/password';
import type { Clock } from './clock';
import type { Store, StoredUser } from './store/store';

/** What the API is built from; each home (page, server, tests) supplies its own. */
export interface ApiDeps {
  store: Store;
  /** HS256 signing key for login tokens. */
  secret: string;
  passwordHasher: PasswordHasher;
  clock: Clock;
}

/** Hono's typing for the API: routes under /api/user see the signed-in user. */
export interface ApiEnv {
  Variables: { user: StoredUser };
}
