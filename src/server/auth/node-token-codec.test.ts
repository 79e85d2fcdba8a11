import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken, webCryptoTokenCodec } from '../../api/auth/tokens';
import { TOKEN_TTL_SECONDS } from '../../contract/limits';
import { nodeTokenCodec } from './node-token-codec';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
// The clock is pinned: verifyToken reads the time it is given, never the wall clock.
const SIGNED_AT = new Date('2026-11-23T09:00:00Z');
const at = (seconds: number) => new Date(SIGNED_AT.getTime() + seconds * 1000);
const iat = SIGNED_AT.getTime() / 1000;
const payload = { _id: 'u1', email: 'ada@example.com', jti: 'j1', gen: 0, iat };

describe('nodeTokenCodec', () => {
  it('writes the very bytes the page codec writes, and each opens the other', async () => {
    const node = nodeTokenCodec.seal(payload, SECRET) as string;
    const page = await webCryptoTokenCodec.seal(payload, SECRET);
    expect(node).toBe(page);
    expect(await webCryptoTokenCodec.open(node, SECRET)).toEqual(payload);
    expect(nodeTokenCodec.open(page, SECRET)).toEqual(payload);
  });

  it('refuses another secret, a changed payload and a second spelling of the signature', () => {
    const token = nodeTokenCodec.seal(payload, SECRET) as string;
    expect(nodeTokenCodec.open(token, `${SECRET}!`)).toBeUndefined();
    const [header, body, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, _id: 'admin' })).toString('base64url');
    expect(nodeTokenCodec.open(`${header}.${forged}.${signature}`, SECRET)).toBeUndefined();
    // The last base64url character of a 32-byte signature carries two unused bits.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(signature.slice(0, -1) + twin, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    expect(nodeTokenCodec.open(`${header}.${body}.${signature.slice(0, -1)}${twin}`, SECRET)).toBe(
      undefined,
    );
  });

  it('refuses other algorithms, unsigned tokens and malformed ones', async () => {
    const hs512 = await sign(payload, SECRET, 'HS512');
    expect(nodeTokenCodec.open(hs512, SECRET)).toBeUndefined();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify(payload),
    ).toString('base64url')}.`;
    expect(nodeTokenCodec.open(none, SECRET)).toBeUndefined();
    for (const bad of ['', 'a.b', 'a.b.c.d', '...', 'not a token at all']) {
      expect(nodeTokenCodec.open(bad, SECRET)).toBeUndefined();
    }
  });

  it('leaves the time claims to verifyToken, which refuses expired and not-yet-valid tokens', async () => {
    const user = { _id: 'u1', email: 'ada@example.com' };
    const fresh = await signToken(user, SECRET, SIGNED_AT, 3, nodeTokenCodec);
    expect(await verifyToken(fresh, SECRET, at(60), nodeTokenCodec)).toMatchObject({
      ...user,
      generation: 3,
    });
    expect(
      await verifyToken(fresh, SECRET, at(TOKEN_TTL_SECONDS - 1), nodeTokenCodec),
    ).toBeDefined();
    expect(await verifyToken(fresh, SECRET, at(TOKEN_TTL_SECONDS), nodeTokenCodec)).toBeUndefined();
    // Checked by a process whose clock is an hour behind the one that signed it: still valid.
    expect(await verifyToken(fresh, SECRET, at(-3600), nodeTokenCodec)).toBeDefined();
    const early = nodeTokenCodec.seal({ ...payload, exp: iat + 60, nbf: iat + 30 }, SECRET);
    expect(await verifyToken(early as string, SECRET, at(10), nodeTokenCodec)).toBeUndefined();
    expect(await verifyToken(early as string, SECRET, at(10), webCryptoTokenCodec)).toBeUndefined();
    expect(await verifyToken(early as string, SECRET, at(40), webCryptoTokenCodec)).toBeDefined();
  });

  it('opens a token it opened before only with the secret that signed it', () => {
    const token = nodeTokenCodec.seal({ ...payload, jti: 'again' }, SECRET) as string;
    const first = nodeTokenCodec.open(token, SECRET);
    expect(first).toEqual({ ...payload, jti: 'again' });
    expect(nodeTokenCodec.open(token, SECRET)).toEqual(first);
    expect(nodeTokenCodec.open(token, `${SECRET}!`)).toBeUndefined();
    expect(nodeTokenCodec.open(token, SECRET)).toEqual(first);
  });

  it('forgets the oldest tokens past a thousand, and still opens them by their signature', () => {
    const tokens = Array.from(
      { length: 1_100 },
      (_, i) => nodeTokenCodec.seal({ ...payload, jti: `many-${i}` }, SECRET) as string,
    );
    for (const token of tokens) expect(nodeTokenCodec.open(token, SECRET)).toBeDefined();
    expect(nodeTokenCodec.open(tokens[0]!, SECRET)).toMatchObject({ jti: 'many-0' });
    expect(nodeTokenCodec.open(tokens[0]!, `${SECRET}!`)).toBeUndefined();
  });
});
