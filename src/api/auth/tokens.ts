import { sign, verify } from 'hono/jwt';
import { TOKEN_TTL_SECONDS } from '../../contract/limits';

/** What a login token carries (SPEC §6: the payload names the user). */
export interface TokenClaims {
  _id: string;
  email: string;
}

/** Signs an HS256 token that expires after TOKEN_TTL_SECONDS. */
export async function signToken(claims: TokenClaims, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign({ ...claims, iat: issuedAt, exp: issuedAt + TOKEN_TTL_SECONDS }, secret, 'HS256');
}

/** Verifies signature and expiry; undefined for any token that is not ours and current. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | undefined> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const { _id, email } = payload;
    return typeof _id === 'string' && typeof email === 'string' ? { _id, email } : undefined;
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
