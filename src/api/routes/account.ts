import { PASSWORD_CHECKS_PER_USER } from '../../contract/limits';
import { collectUserData } from '../accounts/user-data';
import { HasherBusyError } from '../auth/bounded-hasher';
import { passwordProblem } from '../auth/password-policy';
import { signToken } from '../auth/tokens';
import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { memoryCounters, type CounterFactory } from '../http/counters';
import { forgetAccountLimits } from './auth';
import { ApiError } from '../http/errors';
import { routeHandlers } from '../http/mount-routes';
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
 * the account (after their password). Every one of these rows is signed-in.
 */
export function accountRoutes(deps: ApiDeps) {
  const { store, passwordHasher, clock } = deps;
  const counters = deps.counters ?? memoryCounters(clock);
  const checks = counters(PASSWORD_CHECKS);

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

  return routeHandlers({
    'POST /api/user/profile': async ({ user, body: { firstName, lastName } }) => {
      const at = formatTimestamp(clock());
      const updated = await store.updateUserName(user._id, firstName, lastName, at);
      if (!updated) throw ApiError.of('userNotFound');
      return { user: toPublicUser(updated) };
    },
    'POST /api/user/password': async ({ user: signedIn, body }) => {
      const { currentPassword, newPassword } = body;
      const problem = await passwordProblem(newPassword);
      if (problem) throw new ApiError(422, [`newPassword ${problem}`]);
      const user = await storedUser(signedIn.email);
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
      return {
        encodedToken: await signToken(
          { _id: user._id, email: user.email },
          deps.secret,
          clock(),
          await store.sessionGeneration(user._id),
          deps.tokenCodec,
        ),
      };
    },
    'GET /api/user/export': async ({ user: signedIn }, c) => {
      const user = await store.findUserByEmail(signedIn.email);
      if (!user) throw ApiError.of('emailNotRegistered');
      c.header('content-disposition', 'attachment; filename="codetube-data.json"');
      return collectUserData(store, user, clock());
    },
    'POST /api/user/delete-account': async ({ user: signedIn, body: { currentPassword } }) => {
      const user = await storedUser(signedIn.email);
      await checkPassword(user, currentPassword);
      await store.deleteUser(user._id);
      await forgetDeletedUserLimits(counters, user);
      return { deleted: true };
    },
  });
}
