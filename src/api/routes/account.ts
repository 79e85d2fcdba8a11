import { Hono } from 'hono';
import { PASSWORD_CHECKS_PER_USER } from '../../contract/limits';
import type {
  DeleteAccountResponse,
  PasswordChangeResponse,
  ProfileResponse,
} from '../../contract/responses';
import { routeSpec } from '../../contract/routes';
import { collectUserData } from '../accounts/user-data';
import { HasherBusyError } from '../auth/bounded-hasher';
import { passwordProblem } from '../auth/password-policy';
import { signToken } from '../auth/tokens';
import { formatTimestamp } from '../clock';
import type { ApiDeps, ApiEnv } from '../context';
import { memoryCounters, type CounterFactory } from '../http/counters';
import { forgetAccountLimits } from './auth';
import { ApiError } from '../http/errors';
import { readBody } from '../http/read-body';
import type { StoredUser } from '../store/store';
import { toPublicUser } from './auth';

/** The counter of password checks per user (a wrong current password counts). */
const PASSWORD_CHECKS = 'password-checks-per-user';

/**
 * Forgets a deleted user's rows in the limits' counters: their password checks and their login
 * failures, back-off and known addresses. The API's account deletion and `npm run users -- delete`.
 */
export async function forgetDeletedUserLimits(
  counters: CounterFactory,
  user: Pick<StoredUser, '_id' | 'email'>,
): Promise<void> {
  await counters(PASSWORD_CHECKS).delete(user._id);
  await forgetAccountLimits(counters, user.email);
}

/**
 * The signed-in user's own account (the profile screen, issue 28): their names, their password
 * (the current one asked for; every other session ends), all their data as JSON, and deleting
 * the account (after their password). Mounted under /user, behind requireUser.
 */
export function accountRoutes(deps: ApiDeps) {
  const { store, passwordHasher, clock } = deps;
  const counters = deps.counters ?? memoryCounters(clock);
  const checks = counters(PASSWORD_CHECKS);
  const profileBody = routeSpec('POST /api/user/profile').body;
  const passwordBody = routeSpec('POST /api/user/password').body;
  const deleteBody = routeSpec('POST /api/user/delete-account').body;

  /** The session's user as stored; a user deleted meanwhile is the 404 of product §8. */
  async function storedUser(email: string): Promise<StoredUser> {
    const user = await store.findUserByEmail(email);
    if (!user) throw ApiError.of('userNotFound');
    return user;
  }

  /**
   * Checks the user's password, counted before the hash: wrong ones past the limit are 429. A
   * right one takes its count back; a full hashing queue is a 503 that counts nothing.
   */
  async function checkPassword(user: StoredUser, password: string): Promise<void> {
    const { max, windowSeconds } = PASSWORD_CHECKS_PER_USER;
    const counted = await checks.add(user._id, 1, windowSeconds);
    if (counted.count > max) {
      const error = ApiError.of('tooManyRequests');
      error.limit = 'password-checks-per-user';
      error.headers = {
        'retry-after': String(Math.max(1, Math.ceil(counted.msBeforeReset / 1000))),
      };
      throw error;
    }
    let valid: boolean;
    try {
      valid = await passwordHasher.verify(password, user.passwordHash, { owner: true });
    } catch (error) {
      await checks.add(user._id, -1, windowSeconds);
      if (error instanceof HasherBusyError) {
        const busy = ApiError.of('busy');
        busy.headers = { 'retry-after': String(error.retryAfterSeconds) };
        throw busy;
      }
      throw error;
    }
    if (!valid) throw ApiError.of('wrongPassword');
    await checks.add(user._id, -1, windowSeconds);
  }

  return new Hono<ApiEnv>()
    .post('/profile', async (c) => {
      const { firstName, lastName } = await readBody(c, profileBody);
      const updated = await store.updateUserName(
        c.get('user')._id,
        firstName,
        lastName,
        formatTimestamp(clock()),
      );
      if (!updated) throw ApiError.of('userNotFound');
      const body: ProfileResponse = { user: toPublicUser(updated) };
      return c.json(body, 200);
    })
    .post('/password', async (c) => {
      const { currentPassword, newPassword } = await readBody(c, passwordBody);
      const problem = await passwordProblem(newPassword);
      if (problem) throw new ApiError(422, [`newPassword ${problem}`]);
      const user = await storedUser(c.get('user').email);
      await checkPassword(user, currentPassword);
      let passwordHash: string;
      try {
        passwordHash = await passwordHasher.hash(newPassword);
      } catch (error) {
        if (error instanceof HasherBusyError) {
          const busy = ApiError.of('busy');
          busy.headers = { 'retry-after': String(error.retryAfterSeconds) };
          throw busy;
        }
        throw error;
      }
      await store.setPasswordHash(user._id, passwordHash, formatTimestamp(clock()));
      // Every session ends, this one too; it goes on with a token of the new generation.
      await store.endAllSessions(user._id);
      const body: PasswordChangeResponse = {
        encodedToken: await signToken(
          { _id: user._id, email: user.email },
          deps.secret,
          clock(),
          await store.sessionGeneration(user._id),
          deps.tokenCodec,
        ),
      };
      return c.json(body, 200);
    })
    .get('/export', async (c) => {
      const user = await store.findUserByEmail(c.get('user').email);
      if (!user) throw ApiError.of('emailNotRegistered');
      const body = await collectUserData(store, user, clock());
      c.header('content-disposition', 'attachment; filename="codetube-data.json"');
      return c.json(body, 200);
    })
    .post('/delete-account', async (c) => {
      const { currentPassword } = await readBody(c, deleteBody);
      const user = await storedUser(c.get('user').email);
      await checkPassword(user, currentPassword);
      await store.deleteUser(user._id);
      await forgetDeletedUserLimits(counters, user);
      const body: DeleteAccountResponse = { deleted: true };
      return c.json(body, 200);
    });
}
