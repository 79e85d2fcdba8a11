import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SECRET_LENGTH } from './config';
import { refuseForeignDataFolder } from './data-owner';

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
 * restart. The secret is written whole to a file of this process's own and then linked to its
 * name, which is atomic and refused when the name exists: processes racing on a first start
 * (workers, or two servers on one data folder) all read the one secret that was linked first, and
 * none can read the file before its secret is in it.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  try {
    return readSecret(file);
  } catch (error) {
    // Only a missing file is created; a data folder may be read-only once the secret is in it.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  refuseForeignDataFolder(dataDir, file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readSecret(file);
}
