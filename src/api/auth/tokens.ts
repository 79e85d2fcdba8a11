import { sign, verify } from 'hono/jwt';
import { TOKEN_TTL_SECONDS } from '../../contract/limits';
import { newId } from '../store/new-id';

/** What a login token carries (SPEC §6: the payload names the user). */
export interface TokenClaims {
  _id: string;
  email: string;
}

/** A verified token: the user it names and the session facts logout needs. */
export interface VerifiedToken extends TokenClaims {
  /** The token's own id (`jti`): logout revokes it. */
  tokenId: string;
  /** The user's session generation when it was issued: 'Log out everywhere' moves it on. */
  generation: number;
  /** Expiry, epoch seconds. */
  expiresAt: number;
}

/** Signs an HS256 token with an id, the session generation, and expiry after TOKEN_TTL_SECONDS. */
export async function signToken(
  claims: TokenClaims,
  secret: string,
  now: Date,
  generation = 0,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign(
    {
      _id: claims._id,
      email: claims.email,
      jti: newId(),
      gen: generation,
      iat: issuedAt,
      exp: issuedAt + TOKEN_TTL_SECONDS,
    },
    secret,
    'HS256',
  );
}

/**
 * Verifies signature and expiry; undefined for any token that is not ours and current. A token
 * must carry `exp` (one without would never expire), `jti` and `gen`.
 */
export async function verifyToken(
  token: string,
  secret: string,
): Promise<VerifiedToken | undefined> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const { _id, email, jti, gen, exp } = payload;
    if (typeof _id !== 'string' || typeof email !== 'string' || typeof jti !== 'string') {
      return undefined;
    }
    if (typeof exp !== 'number' || !Number.isSafeInteger(gen)) return undefined;
    return { _id, email, tokenId: jti, generation: gen as number, expiresAt: exp };
  } catch {
    return undefined;
  }
}

/** Reads the token from an `authorization` header: raw or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return match ? match[1] : value;
}
