import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { PublicUser } from '../../contract/entities';
import { apiErrors, signupDomainMessage } from '../../contract/errors';
import { signToken } from '../auth/tokens';
import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import {
  DEFAULT_AUTH_LIMITS,
  MAX_EXTRA_FIELDS,
  MAX_EXTRAS_BYTES,
  MAX_EXTRAS_DEPTH,
  TEST_ACCOUNT,
} from '../../contract/limits';
import { HasherBusyError } from '../auth/bounded-hasher';
import { checkNewPassword } from '../auth/password-policy';
import { ApiError, type RefusingLimit } from '../http/errors';
import { memoryCounters, type Counter, type CounterFactory } from '../http/counters';
import { routeHandlers, type RouteInput } from '../http/mount-routes';
import type { StoredUser } from '../store/store';

/** Names the server owns: extra signup fields can never set them (architecture §2). */
const reservedFields = new Set([
  '_id',
  'firstName',
  'lastName',
  'email',
  'password',
  'passwordHash',
  'createdAt',
  'updatedAt',
  'likes',
  'history',
  'watchlater',
  'playlists',
  'notes',
  'disabled',
  '__proto__',
  'constructor',
  'prototype',
]);

/** Emails compare without regard to case or surrounding blanks. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The user as the API shows it: everything but the password hash and the operators' flag. */
export function toPublicUser(user: StoredUser): PublicUser {
  const { passwordHash: _hash, disabled: _disabled, ...publicUser } = user;
  return publicUser;
}

/** The key of an (account, address) pair in the login counters. */
const pairOf = (account: string, address: string) => JSON.stringify([account, address]);

/**
 * Forgets what the login limits hold of an account (a deleted one): its failures and backoff,
 * per account and per (account, address), and the addresses it knows, so a later signup with the
 * same email inherits none of them.
 */
export async function forgetAccountLimits(counters: CounterFactory, email: string): Promise<void> {
  const account = normaliseEmail(email);
  // Every pair key of the account starts so (JSON of [account, address] up to the address).
  const pairs = `${JSON.stringify([account]).slice(0, -1)},`;
  await Promise.all([
    counters('login-failures-per-account').delete(account),
    counters('login-failures-per-pair').deleteStartingWith(pairs),
    counters('login-backoff-per-pair').deleteStartingWith(pairs),
    counters('login-known-pairs').deleteStartingWith(pairs),
  ]);
}

/** A 429 that says when to come back. */
function tooManyRequests(retryAfterMs: number, limit: RefusingLimit): ApiError {
  const error = ApiError.of('tooManyRequests');
  error.limit = limit;
  error.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
  return error;
}

/** A 503 for a full hashing queue, with its Retry-After. */
function busy(error: HasherBusyError): ApiError {
  const busyError = ApiError.of('busy');
  busyError.headers = { 'retry-after': String(error.retryAfterSeconds) };
  return busyError;
}

/** True when the value nests objects or arrays deeper than `levels` (stops early: no overflow). */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (levels === 0) return true;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => nestsDeeperThan(child, levels - 1));
}

const encoder = new TextEncoder();

/** Extra signup fields within product §3's room: a few small, shallow values (422 naming the rule). */
function checkExtras(extras: Record<string, unknown>): void {
  const names = Object.keys(extras);
  if (names.length > MAX_EXTRA_FIELDS) {
    throw new ApiError(422, [`At most ${MAX_EXTRA_FIELDS} extra signup fields are allowed`]);
  }
  // The fields' own object is the first level.
  const tooDeep = names.filter((name) => nestsDeeperThan(extras[name], MAX_EXTRAS_DEPTH - 1));
  if (tooDeep.length > 0) {
    throw new ApiError(
      422,
      tooDeep.map(
        (name) => `${name}: extra signup fields may nest at most ${MAX_EXTRAS_DEPTH} levels deep`,
      ),
    );
  }
  if (encoder.encode(JSON.stringify(extras)).length > MAX_EXTRAS_BYTES) {
    throw new ApiError(422, [
      `Extra signup fields must take at most ${MAX_EXTRAS_BYTES / 1024} KB as JSON`,
    ]);
  }
}

/**
 * POST /auth/signup and /auth/login under OWASP's credential-stuffing advice: every request counts
 * per client address; failed logins count per (account, address) with growing backoff, per
 * address, and per account from addresses the account does not know. An address that logged into
 * the account (or signed it up) is known to it for a month: strangers' failures, on the account or
 * from the same address, never slow it. An unknown email counts and costs what a real one does
 * (its password is checked against a dummy hash), and a taken signup email is hashed too, so
 * neither the limits nor the timing tell which accounts exist. Every attempt is reserved before
 * the password is hashed, so parallel guesses count; passwords are hashed on a bounded queue
 * (full: 503) where logins keep their own places; signups are limited per address.
 */
export function authRoutes(deps: ApiDeps) {
  const { store, secret, passwordHasher, clock } = deps;
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.authLimits };
  const counters = deps.counters ?? memoryCounters(clock);
  const requestsPerAddress = counters('auth-requests-per-address');
  const pairFailures = counters('login-failures-per-pair');
  const pairGate = counters('login-backoff-per-pair');
  const addressFailures = counters('login-failures-per-address');
  const accountFailures = counters('login-failures-per-account');
  const knownPairs = counters('login-known-pairs');
  const signupsPerAddress = counters('signups-per-address');
  const addressOf = deps.clientAddress ?? (() => 'unknown');
  const signup = deps.signup ?? { open: true, emailDomains: [] };
  /** SIGNUP_EMAIL_DOMAINS: the (normalised) address's part after its last @ is one of them. */
  const signupAllowedFor = (account: string) =>
    signup.emailDomains.length === 0 ||
    signup.emailDomains.includes(account.slice(account.lastIndexOf('@') + 1));
  const tokenFor = async (user: StoredUser) =>
    signToken(
      { _id: user._id, email: user.email },
      secret,
      clock(),
      await store.sessionGeneration(user._id),
      deps.tokenCodec,
    );
  const backoffSeconds = (failures: number) =>
    Math.min(
      limits.maxBackoffSeconds,
      limits.firstBackoffSeconds * 2 ** Math.max(0, failures - limits.freeFailuresPerPair),
    );

  // An unknown email's password is checked against this hash of a random secret (made by the
  // same hasher, so with the same work), made once, on the first login that needs it (not at start:
  // in mock mode the API starts with the page, and a hash would hold up its first paint); a failure
  // is retried on next use.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    if (!dummyHash) {
      const nonsense = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');
      dummyHash = passwordHasher.hash(nonsense).catch((error: unknown) => {
        dummyHash = undefined;
        throw error;
      });
    }
    return dummyHash;
  };

  /** The account knows the address from now on, for `knownAddressSeconds` (a new window). */
  async function rememberAddress(pair: string) {
    await knownPairs.delete(pair);
    await knownPairs.add(pair, 1, limits.knownAddressSeconds);
  }

  const limitPerAddress = createMiddleware(async (c, next) => {
    const { max, windowSeconds } = limits.requestsPerAddress;
    const seen = await requestsPerAddress.add(addressOf(c), 1, windowSeconds);
    if (seen.count > max) throw tooManyRequests(seen.msBeforeReset, 'login-requests-per-address');
    await next();
  });

  /**
   * Reserves one login attempt for (account, address) before any hashing, or throws a 429. The
   * answer undoes the reservation when the attempt turns out not to be a failed login.
   */
  async function reserveLogin(account: string, address: string) {
    const pair = pairOf(account, address);
    /** What was counted, to give back: the stranger counts (address, account), then the pair's. */
    const strangerCounts: (() => Promise<unknown>)[] = [];
    const pairCount: (() => Promise<unknown>)[] = [];
    const undo = () =>
      Promise.all([...strangerCounts.splice(0), ...pairCount.splice(0)].map((give) => give()));
    /** Counts one attempt under `key`, or throws a 429 when that makes it more than `max`. */
    const count = async (
      counter: Counter,
      key: string,
      { max, windowSeconds }: { max: number; windowSeconds: number },
      limit: RefusingLimit,
    ) => {
      const state = await counter.add(key, 1, windowSeconds);
      strangerCounts.push(() => counter.add(key, -1, windowSeconds));
      if (state.count > max) throw tooManyRequests(state.msBeforeReset, limit);
    };
    // Known: the owner's own address. Only its own failures (the pair's backoff) slow it.
    const known = await knownPairs.get(pair);
    try {
      if (!known) {
        await count(
          addressFailures,
          address,
          limits.failuresPerAddress,
          'failed-logins-per-address',
        );
        await count(
          accountFailures,
          account,
          limits.failuresPerAccount,
          'failed-logins-per-account',
        );
      }
      const byPair = await pairFailures.add(pair, 1, limits.pairMemorySeconds);
      pairCount.push(() => pairFailures.add(pair, -1, limits.pairMemorySeconds));
      const earlierFailures = byPair.count - 1;
      if (earlierFailures >= limits.freeFailuresPerPair) {
        // One attempt per backoff window: the gate's first taker goes, everyone else waits.
        const gate = await pairGate.add(pair, 1, backoffSeconds(earlierFailures));
        if (gate.count > 1) {
          throw tooManyRequests(gate.msBeforeReset, 'login-backoff-per-account-address');
        }
      }
    } catch (error) {
      await undo();
      throw error;
    }
    return {
      /** The account knows the address: the owner, whose check goes ahead of strangers'. */
      fromOwner: Boolean(known),
      /** The attempt was no failed login after all (the server could not check). */
      release: async () => {
        await undo();
      },
      /**
       * A success: the pair's failures are forgotten, the address's and account's counts take
       * this attempt back, and the address becomes known (refreshed once half its time is over).
       */
      succeeded: async () => {
        const giveBack = strangerCounts.splice(0);
        pairCount.splice(0);
        const fresh = known && known.msBeforeReset > (limits.knownAddressSeconds * 1000) / 2;
        await Promise.all([
          pairFailures.delete(pair),
          pairGate.delete(pair),
          ...giveBack.map((give) => give()),
          fresh ? undefined : rememberAddress(pair),
        ]);
      },
      failed: async () => {
        strangerCounts.splice(0);
        pairCount.splice(0);
      },
    };
  }

  // SIGNUP=closed: refused before the body is read; the page says so before the form.
  const signupOpen = createMiddleware(async (_c, next) => {
    if (signup.open === false) throw ApiError.of('signupClosed');
    await next();
  });

  async function signUp({ body }: RouteInput<'POST /api/auth/signup'>, c: Context) {
    const { firstName, lastName, email, password, ...rest } = body;
    const account = normaliseEmail(email);
    if (!signupAllowedFor(account)) {
      throw new ApiError(apiErrors.signupDomainRefused.status, [
        signupDomainMessage(signup.emailDomains),
      ]);
    }
    await checkNewPassword(password);
    const extras = Object.fromEntries(
      Object.entries(rest).filter(([name]) => !reservedFields.has(name)),
    );
    checkExtras(extras);
    const address = addressOf(c);
    const { max, windowSeconds } = limits.signupsPerAddress;
    const signups = await signupsPerAddress.add(address, 1, windowSeconds);
    if (signups.count > max) throw tooManyRequests(signups.msBeforeReset, 'signups-per-address');
    let passwordHash: string;
    try {
      passwordHash = await passwordHasher.hash(password);
    } catch (error) {
      await signupsPerAddress.add(address, -1, windowSeconds);
      if (error instanceof HasherBusyError) throw busy(error);
      throw error;
    }
    // Refused only after hashing, so a taken email answers as slowly as a new one (the unique
    // constraint still decides races).
    if (await store.findUserByEmail(account)) throw ApiError.of('emailExists');
    const timestamp = formatTimestamp(clock());
    const created = await store.createUser({
      firstName,
      lastName,
      email: account,
      passwordHash,
      extras,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
    await rememberAddress(pairOf(account, address));
    return { createdUser: toPublicUser(created), encodedToken: await tokenFor(created) };
  }

  async function logIn(
    { body: { email, password } }: RouteInput<'POST /api/auth/login'>,
    c: Context,
  ) {
    const account = normaliseEmail(email);
    // DEMO_ACCOUNT=off: the published credentials open nothing, even in an older database.
    if (deps.demoAccount === false && account === TEST_ACCOUNT.email) {
      throw ApiError.of('emailNotRegistered');
    }
    const attempt = await reserveLogin(account, addressOf(c));
    let user: StoredUser | undefined;
    let valid: boolean;
    try {
      user = await store.findUserByEmail(account);
      // An unknown email costs one check too, against a hash no password matches.
      const stored = user ? user.passwordHash : await dummy();
      const owner = attempt.fromOwner && user !== undefined;
      valid = (await passwordHasher.verify(password, stored, { owner })) && user !== undefined;
    } catch (error) {
      await attempt.release();
      if (error instanceof HasherBusyError) throw busy(error);
      throw error;
    }
    if (!user || !valid) {
      await attempt.failed();
      throw ApiError.of(user ? 'invalidCredentials' : 'emailNotRegistered');
    }
    // Said only to whoever knows the password: the operators disabled the account.
    if (user.disabled) {
      await attempt.release();
      throw ApiError.of('accountDisabled');
    }
    await attempt.succeeded();
    return { foundUser: toPublicUser(user), encodedToken: await tokenFor(user) };
  }

  return routeHandlers({
    'POST /api/auth/logout': async (_input, c) => {
      const { tokenId, expiresAt } = c.get('session');
      await store.revokeToken(tokenId, expiresAt, Math.floor(clock().getTime() / 1000));
      return { loggedOut: 'this session' };
    },
    'POST /api/auth/logout-everywhere': async ({ user }) => {
      await store.endAllSessions(user._id);
      return { loggedOut: 'every session' };
    },
    'POST /api/auth/signup': { use: [limitPerAddress, signupOpen], handle: signUp },
    'POST /api/auth/login': { use: [limitPerAddress], handle: logIn },
  });
}
