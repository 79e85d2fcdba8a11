import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPbkdf2Hasher, webCryptoDerive } from '../../api/auth/password';
import { BACKGROUND_NICE, backgroundDerive } from './background-derive';

/** The nice values of this process's threads, from /proc (field 19 of each task's stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // The command name (in parentheses) may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

describe('backgroundDerive', () => {
  const opened: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of opened.splice(0)) await close();
  });
  const open = () => {
    const derived = backgroundDerive();
    opened.push(derived.close);
    return derived;
  };

  it("derives WebCrypto's very keys, so hashes made by either verify with the other", async () => {
    const { derive } = open();
    const salt = Uint8Array.from({ length: 16 }, (_, index) => index * 7);
    for (const password of ['cobol-1959', 'pässwörd ✓ 🔑', '']) {
      for (const owner of [false, true]) {
        expect(await derive(password, salt, 1000, { owner })).toEqual(
          await webCryptoDerive(password, salt, 1000, { owner }),
        );
      }
    }
    const threaded = createPbkdf2Hasher(1000, derive);
    const page = createPbkdf2Hasher(1000);
    expect(await page.verify('cobol-1959', await threaded.hash('cobol-1959'))).toBe(true);
    expect(await threaded.verify('cobol-1959', await page.hash('cobol-1959'))).toBe(true);
    expect(await threaded.verify('cobol-1960', await page.hash('cobol-1959'))).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'hashes on a thread of lower priority, leaving the others as they were',
    async () => {
      const before = threadNiceValues();
      expect(before).not.toContain(BACKGROUND_NICE);
      const { derive } = open();
      await derive('signup', new Uint8Array(16), 1000, { owner: false });
      const after = threadNiceValues();
      expect(after.filter((nice) => nice === BACKGROUND_NICE)).toHaveLength(1);
      expect(after.filter((nice) => nice !== BACKGROUND_NICE)).toEqual(
        expect.arrayContaining([...new Set(before)]),
      );
    },
  );

  it('fails the calls in flight when closed, and starts a new thread at the next call', async () => {
    const derived = open();
    const inFlight = derived.derive('slow', new Uint8Array(16), 5_000_000, { owner: false });
    const failed = expect(inFlight).rejects.toThrow('closed');
    await derived.close();
    await failed;
    const key = await derived.derive('again', new Uint8Array(16), 1000, { owner: false });
    expect(key).toEqual(await webCryptoDerive('again', new Uint8Array(16), 1000, { owner: false }));
  });
});
