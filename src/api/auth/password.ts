/** Hashes and checks passwords; the API never stores or returns one in clear. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * `owner`: a login from an address the account knows (it logged in from there before), which a
   * bounded hasher checks ahead of everyone else's.
   */
  verify(password: string, stored: string, options?: { owner?: boolean }): Promise<boolean>;
}

const ALGORITHM = 'pbkdf2-sha256';
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * PBKDF2-HMAC-SHA256's 32-byte key. `owner`: the check of an owner's login, which a server may
 * run ahead of other work (see createPbkdf2Hasher).
 */
export type DeriveKey = (
  password: string,
  salt: Uint8Array,
  iterations: number,
  options: { owner: boolean },
) => Promise<Uint8Array>;

/** PBKDF2 on WebCrypto: the page's, and the one a server uses unless it brings its own. */
export const webCryptoDerive: DeriveKey = async (password, salt, iterations) => {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
};

/**
 * PBKDF2-SHA256, through WebCrypto unless `derive` is given (the server derives on threads of its
 * own), so it runs in the page and in Node alike. Stored as
 * `pbkdf2-sha256$<iterations>$<salt>$<hash>`; verify reads the iterations from the stored value, so
 * raising the work factor never locks out existing users.
 */
export function createPbkdf2Hasher(
  iterations: number,
  derive: DeriveKey = webCryptoDerive,
): PasswordHasher {
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const hash = await derive(password, salt, iterations, { owner: false });
      return [ALGORITHM, iterations, toBase64(salt), toBase64(hash)].join('$');
    },
    async verify(password, stored, options) {
      const [algorithm, rounds, salt, expected] = stored.split('$');
      const count = Number(rounds);
      if (algorithm !== ALGORITHM || !Number.isSafeInteger(count) || !salt || !expected) {
        return false;
      }
      const actual = await derive(password, fromBase64(salt), count, {
        owner: options?.owner === true,
      });
      return constantTimeEqual(actual, fromBase64(expected));
    },
  };
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}
