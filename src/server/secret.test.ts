import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, SECRET_FILE } from './secret';
import { createTempDir } from './testing/test-databases';

describe('loadOrCreateSecret', () => {
  let dir: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    dir = createTempDir();
  });
  afterEach(() => dir.drop());

  it('generates a long random secret into the data folder, readable by its owner only', () => {
    const dataDir = join(dir.path, 'data');
    const secret = loadOrCreateSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reuses the secret on the next start, and each data folder gets its own', () => {
    const first = loadOrCreateSecret(dir.path);
    expect(loadOrCreateSecret(dir.path)).toBe(first);
    expect(loadOrCreateSecret(join(dir.path, 'other'))).not.toBe(first);
  });

  it('refuses a secret file that holds too short a secret', () => {
    writeFileSync(join(dir.path, SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => loadOrCreateSecret(dir.path)).toThrow(/shorter than 32 characters/);
  });
});
