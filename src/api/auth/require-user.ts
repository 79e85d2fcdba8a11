import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiDeps, ApiEnv } from '../context';
import { ApiError } from '../http/errors';
import type { SessionUser, VideoListName } from '../store/store';
import { tokenFromHeader, verifyToken } from './tokens';

/** What a checked session lets a request know: whose it is and the state of their lists. */
export interface SignedIn {
  user: SessionUser;
  session: { tokenId: string; expiresAt: number };
  /** SessionFacts.listVersions: the versions of the user's lists as the check read them. */
  listVersions: Record<VideoListName, string>;
}

/**
 * Checks a request's token and session in one query: a valid, current token whose user still
 * exists and whose session was not logged out (the token itself, or all the user's sessions).
 * Rejects with the ApiError the request is refused with. product §8: a missing user is 'not
 * Registered' on reads and 'does not exist' on writes.
 */
export async function checkSession(
  { store, secret, tokenCodec, clock }: Pick<ApiDeps, 'store' | 'secret' | 'tokenCodec' | 'clock'>,
  authorization: string | undefined,
  method: string,
): Promise<SignedIn> {
  const token = tokenFromHeader(authorization);
  const claims = token ? await verifyToken(token, secret, clock(), tokenCodec) : undefined;
  if (!claims) throw ApiError.of('invalidToken');
  const session = await store.findSession(claims._id, claims.tokenId);
  if (!session || session.user.email !== claims.email) {
    throw ApiError.of(method === 'GET' ? 'emailNotRegistered' : 'userNotFound');
  }
  if (session.revoked || claims.generation !== session.generation) {
    throw ApiError.of('invalidToken');
  }
  return {
    user: session.user,
    session: { tokenId: claims.tokenId, expiresAt: claims.expiresAt },
    listVersions: session.listVersions,
  };
}

/**
 * Lets a request through only with a checked session (checkSession), and puts its user and
 * session on the context. When the host has already checked this very request
 * (ApiDeps.checkedSession), its outcome is used: the database is not asked twice.
 */
export function requireUser(deps: ApiDeps) {
  return createMiddleware<ApiEnv>(async (c: Context<ApiEnv>, next) => {
    const signedIn = await (deps.checkedSession?.(c) ??
      checkSession(deps, c.req.header('authorization'), c.req.method));
    c.set('user', signedIn.user);
    c.set('session', signedIn.session);
    await next();
  });
}
