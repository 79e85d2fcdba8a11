import { chownSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, SECRET_FILE } from './secret';
import { raceInProcesses } from './testing/race-processes';
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

  it('only reads the folder once the secret is in it (it may be read-only by then)', async () => {
    const first = loadOrCreateSecret(dir.path);
    const before = statSync(dir.path).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadOrCreateSecret(dir.path)).toBe(first);
    // A file created or removed in the folder would have moved its modification time.
    expect(statSync(dir.path).mtimeMs).toBe(before);
  });

  it('refuses a secret file that holds too short a secret', () => {
    writeFileSync(join(dir.path, SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => loadOrCreateSecret(dir.path)).toThrow(/shorter than 32 characters/);
  });

  it('gives processes racing on a first start one secret, none reading a half-written file', async () => {
    const rounds = 150;
    // Every process loads the secret of folder r at the same moment, for r = 0 … rounds - 1.
    const lists = await raceInProcesses({
      racers: 4,
      rounds,
      gapMs: 10,
      module: new URL('./secret.ts', import.meta.url),
      imports: ['loadOrCreateSecret'],
      work: `return loadOrCreateSecret(${JSON.stringify(dir.path)} + '/race-' + round);`,
    });
    for (let round = 0; round < rounds; round += 1) {
      const secrets = new Set(lists.map((list) => list[round]));
      expect([...secrets], `round ${round}`).toHaveLength(1);
      expect(readdirSync(join(dir.path, `race-${round}`))).toEqual([SECRET_FILE]);
    }
    expect(lists[0]![0]!.length).toBeGreaterThanOrEqual(32);
  }, 30_000);

  it.skipIf(process.getuid?.() !== 0)(
    "refuses to create the secret in a folder of another user's (as root: nobody's)",
    () => {
      const dataDir = join(dir.path, 'theirs');
      mkdirSync(dataDir, { mode: 0o700 });
      chownSync(dataDir, 65534, 65534);
      expect(() => loadOrCreateSecret(dataDir)).toThrow(
        `refusing to create ${join(dataDir, SECRET_FILE)} as root: the folder belongs to nobody`,
      );
      expect(readdirSync(dataDir)).toEqual([]);
    },
  );
});
