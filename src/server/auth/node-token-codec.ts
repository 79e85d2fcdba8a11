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
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header, payload, given] = parts as [string, string, string];
    const expected = Buffer.from(signature(`${header}.${payload}`, secret));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
    if (!isOurHeader(decodeJson(header))) return undefined;
    const claims = decodeJson(payload);
    return isObject(claims) ? claims : undefined;
  },
};
