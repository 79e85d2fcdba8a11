import { sign, verify } from 'hono/jwt';
import { TOKEN_TTL_SECONDS } from '../../contract/limits';
import { newId } from '../store/new-id';

/** What a login token carries (product §6: the payload names the user). */
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

/**
 * The HS256 cryptography of tokens: header `{"alg":"HS256","typ":"JWT"}`, the payload as JSON,
 * the signature over both, all base64url. `open` answers the payload of a token whose header and
 * signature are right, and undefined otherwise; the time claims are checked by verifyToken, the
 * same for every codec. The page uses WebCrypto (webCryptoTokenCodec); the server, node:crypto.
 */
export interface TokenCodec {
  seal(payload: Record<string, unknown>, secret: string): Promise<string> | string;
  open(
    token: string,
    secret: string,
  ): Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
}

/** hono/jwt on WebCrypto: runs in the page, in workers and in Node alike. */
export const webCryptoTokenCodec: TokenCodec = {
  seal: (payload, secret) => sign(payload, secret, 'HS256'),
  open: async (token, secret) => {
    try {
      return await verify(token, secret, { alg: 'HS256', exp: false, nbf: false, iat: false });
    } catch {
      return undefined;
    }
  },
};

/** Signs an HS256 token with an id, the session generation, and expiry after TOKEN_TTL_SECONDS. */
export async function signToken(
  claims: TokenClaims,
  secret: string,
  now: Date,
  generation = 0,
  codec: TokenCodec = webCryptoTokenCodec,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return codec.seal(
    {
      _id: claims._id,
      email: claims.email,
      jti: newId(),
      gen: generation,
      iat: issuedAt,
      exp: issuedAt + TOKEN_TTL_SECONDS,
    },
    secret,
  );
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Verifies signature and times at `now` (the API's clock); undefined for any token that is not
 * ours and current. A token must carry `exp` (one without would never expire), `jti` and `gen`;
 * `nbf`, when present, must not lie in the future. `iat` is not checked against `now`: the
 * signature says we issued it, and a process whose clock is behind the issuing one's must not
 * turn a fresh login away.
 */
export async function verifyToken(
  token: string,
  secret: string,
  now: Date,
  codec: TokenCodec = webCryptoTokenCodec,
): Promise<VerifiedToken | undefined> {
  const payload = await codec.open(token, secret);
  if (!payload) return undefined;
  const { _id, email, jti, gen, exp, nbf } = payload;
  if (typeof _id !== 'string' || typeof email !== 'string' || typeof jti !== 'string') {
    return undefined;
  }
  const seconds = now.getTime() / 1000;
  if (!isTime(exp) || exp <= seconds || !Number.isSafeInteger(gen)) return undefined;
  if (nbf !== undefined && (!isTime(nbf) || nbf > seconds)) return undefined;
  return { _id, email, tokenId: jti, generation: gen as number, expiresAt: exp };
}

/** Reads the token from an `authorization` header: raw or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  // The token starts at its first non-space: spaces and token cannot trade characters (linear).
  const match = /^Bearer\s+(\S.*)$/i.exec(value);
  return match ? match[1] : value;
}
