import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenCodec } from '../../api/auth/tokens';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const signature = (signed: string, secret: string) =>
  createHmac('sha256', secret).update(signed).digest('base64url');

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A header we sign with: HS256, typ JWT or none, nothing critical we would not understand. */
function isOurHeader(header: unknown): boolean {
  if (!isObject(header) || header.alg !== 'HS256' || 'crit' in header) return false;
  return header.typ === undefined || header.typ === 'JWT';
}

/**
 * Tokens this process has opened, with their payloads: the page sends its one token with every
 * call, and each would otherwise cost an HMAC and two JSON parses. Only tokens whose signature
 * was right are kept, each with the secret it was checked against; the oldest go first past
 * OPENED_MAX. A hit needs the very text of a valid token, which its holder already has. What
 * the payload says about time, logout and generations is still checked on every request
 * (verifyToken, then the session check).
 */
const OPENED_MAX = 1_000;
const opened = new Map<string, { secret: string; claims: Readonly<Record<string, unknown>> }>();

function remember(token: string, secret: string, claims: Record<string, unknown>) {
  opened.set(token, { secret, claims: Object.freeze(claims) });
  if (opened.size > OPENED_MAX) opened.delete(opened.keys().next().value as string);
  return claims;
}

/**
 * The server's tokens on node:crypto: one synchronous HMAC per check, where WebCrypto imports the
 * key and awaits the thread pool on every call. Tokens are byte for byte those of the page's
 * codec (webCryptoTokenCodec); the signature is compared as text in constant time, so no second
 * spelling of the same signature passes.
 */
export const nodeTokenCodec: TokenCodec = {
  seal(payload, secret) {
    const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signed}.${signature(signed, secret)}`;
  },
  open(token, secret) {
    const known = opened.get(token);
    if (known !== undefined && known.secret === secret) return known.claims;
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header, payload, given] = parts as [string, string, string];
    const expected = Buffer.from(signature(`${header}.${payload}`, secret));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
    if (!isOurHeader(decodeJson(header))) return undefined;
    const claims = decodeJson(payload);
    return isObject(claims) ? remember(token, secret, claims) : undefined;
  },
};
