import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { PublicUser } from '../../contract/entities';
import { loginBodySchema, signupBodySchema } from '../../contract/requests';
import type { LoginResponse, SignupResponse } from '../../contract/responses';
import { signToken } from '../auth/tokens';
import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { DEFAULT_AUTH_REQUEST_LIMIT, DEFAULT_FAILED_LOGIN_LIMIT } from '../../contract/limits';
import { ApiError } from '../http/errors';
import { RateLimiter } from '../http/rate-limiter';
import { readBody } from '../http/read-body';
import type { StoredUser } from '../store/store';

/** Names the server owns: extra signup fields can never set them (DESIGN §2). */
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
  '__proto__',
  'constructor',
  'prototype',
]);

/** Emails compare without regard to case or surrounding blanks. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The user as the API shows it: everything but the password hash. */
export function toPublicUser(user: StoredUser): PublicUser {
  const { passwordHash: _hash, ...publicUser } = user;
  return publicUser;
}

/** A 429 that says when to come back. */
function tooManyRequests(retryAfterMs: number): ApiError {
  const error = ApiError.of('tooManyRequests');
  error.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
  return error;
}

/**
 * POST /auth/signup and /auth/login, rate limited: per client address for both, and per account
 * for failed logins, so passwords cannot be guessed at speed.
 */
export function authRoutes(deps: ApiDeps) {
  const { store, secret, passwordHasher, clock } = deps;
  const perAddress = new RateLimiter(
    deps.authLimits?.requestsPerAddress ?? DEFAULT_AUTH_REQUEST_LIMIT,
    clock,
  );
  const failedLogins = new RateLimiter(
    deps.authLimits?.failedLoginsPerAccount ?? DEFAULT_FAILED_LOGIN_LIMIT,
    clock,
  );
  const addressOf = deps.clientAddress ?? (() => 'unknown');
  const tokenFor = (user: StoredUser) =>
    signToken({ _id: user._id, email: user.email }, secret, clock());

  const limitPerAddress = createMiddleware(async (c, next) => {
    const address = addressOf(c);
    const wait = perAddress.retryAfterMs(address);
    if (wait > 0) throw tooManyRequests(wait);
    perAddress.hit(address);
    await next();
  });

  return new Hono()
    .use(limitPerAddress)
    .post('/signup', async (c) => {
      const { firstName, lastName, email, password, ...rest } = await readBody(c, signupBodySchema);
      const extras = Object.fromEntries(
        Object.entries(rest).filter(([name]) => !reservedFields.has(name)),
      );
      const timestamp = formatTimestamp(clock());
      const created = await store.createUser({
        firstName,
        lastName,
        email: normaliseEmail(email),
        passwordHash: await passwordHasher.hash(password),
        extras,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
      if (created === 'email-taken') throw ApiError.of('emailExists');
      const body: SignupResponse = {
        createdUser: toPublicUser(created),
        encodedToken: await tokenFor(created),
      };
      return c.json(body, 201);
    })
    .post('/login', async (c) => {
      const { email, password } = await readBody(c, loginBodySchema);
      const account = normaliseEmail(email);
      const wait = failedLogins.retryAfterMs(account);
      if (wait > 0) throw tooManyRequests(wait);
      const user = await store.findUserByEmail(account);
      if (!user) {
        failedLogins.hit(account);
        throw ApiError.of('emailNotRegistered');
      }
      if (!(await passwordHasher.verify(password, user.passwordHash))) {
        failedLogins.hit(account);
        throw ApiError.of('invalidCredentials');
      }
      failedLogins.reset(account);
      const body: LoginResponse = {
        foundUser: toPublicUser(user),
        encodedToken: await tokenFor(user),
      };
      return c.json(body, 200);
    });
}
