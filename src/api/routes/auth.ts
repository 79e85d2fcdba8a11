import { Hono } from 'hono';
import type { PublicUser } from '../../contract/entities';
import { loginBodySchema, signupBodySchema } from '../../contract/requests';
import type { LoginResponse, SignupResponse } from '../../contract/responses';
import { signToken } from '../auth/tokens';
import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { ApiError } from '../http/errors';
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

/** POST /auth/signup and /auth/login. */
export function authRoutes(deps: ApiDeps) {
  const { store, secret, passwordHasher, clock } = deps;
  const tokenFor = (user: StoredUser) =>
    signToken({ _id: user._id, email: user.email }, secret, clock());

  return new Hono()
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
      const user = await store.findUserByEmail(normaliseEmail(email));
      if (!user) throw ApiError.of('emailNotRegistered');
      if (!(await passwordHasher.verify(password, user.passwordHash))) {
        throw ApiError.of('invalidCredentials');
      }
      const body: LoginResponse = {
        foundUser: toPublicUser(user),
        encodedToken: await tokenFor(user),
      };
      return c.json(body, 200);
    });
}
