import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SECRET_LENGTH } from './config';

export const SECRET_FILE = 'jwt-secret';

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

/**
 * The token-signing secret when JWT_SECRET is not set: generated once into the data folder (mode
 * 0600, only the server's user can read it) and reused on every later start, so tokens survive a
 * restart. Two processes racing on a first start both end up with the file's one secret.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecret(file);
}
