import { createMiddleware } from 'hono/factory';
import type { ApiDeps, ApiEnv } from '../context';
import { ApiError } from '../http/errors';
import { tokenFromHeader, verifyToken } from './tokens';

/**
 * Lets a request through only with a valid, current token whose user still exists and whose
 * session was not logged out (the token itself, or all the user's sessions), and puts that user
 * and the session on the context. product §8: a missing user is 'not Registered' on reads and 'does
 * not exist' on writes.
 */
export function requireUser({ store, secret, tokenCodec }: ApiDeps) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const token = tokenFromHeader(c.req.header('authorization'));
    const claims = token ? await verifyToken(token, secret, tokenCodec) : undefined;
    if (!claims) throw ApiError.of('invalidToken');
    const session = await store.findSession(claims._id, claims.tokenId);
    if (!session || session.user.email !== claims.email) {
      throw ApiError.of(c.req.method === 'GET' ? 'emailNotRegistered' : 'userNotFound');
    }
    if (session.revoked || claims.generation !== session.generation) {
      throw ApiError.of('invalidToken');
    }
    c.set('user', session.user);
    c.set('session', { tokenId: claims.tokenId, expiresAt: claims.expiresAt });
    await next();
  });
}
