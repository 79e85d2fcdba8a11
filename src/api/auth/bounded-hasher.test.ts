import { describe, expect, it } from 'vitest';
import { boundedHasher, HasherBusyError } from './bounded-hasher';
import type { PasswordHasher } from './password';

/** A hasher whose every call waits until the test finishes it; it records the order calls start. */
function manualHasher() {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const wait = (label: string) =>
    new Promise<void>((finish) => {
      started.push(label);
      pending.set(label, finish);
    });
  const hasher: PasswordHasher = {
    hash: async (password) => {
      await wait(password);
      return `hash:${password}`;
    },
    verify: async (password) => {
      await wait(password);
      return true;
    },
  };
  const finish = async (label: string) => {
    pending.get(label)!();
    pending.delete(label);
    // Lets the finished call's slot pass on.
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { hasher, started, finish };
}

describe('boundedHasher', () => {
  it('keeps logins their own waiting places: a full signup queue leaves them room', async () => {
    const manual = manualHasher();
    const bounded = boundedHasher(manual.hasher, {
      concurrency: 1,
      queue: 2,
      retryAfterSeconds: 3,
    });
    const signups = ['s1', 's2', 's3'].map((label) => bounded.hash(label));
    const refused = await bounded.hash('s4').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HasherBusyError);
    expect((refused as HasherBusyError).retryAfterSeconds).toBe(3);
    const logins = ['v1', 'v2'].map((label) => bounded.verify(label, 'stored'));
    await expect(bounded.verify('v3', 'stored')).rejects.toBeInstanceOf(HasherBusyError);
    expect(manual.started).toEqual(['s1']);
    // Logins and signups take turns: a login goes before the waiting signups.
    await manual.finish('s1');
    expect(manual.started).toEqual(['s1', 'v1']);
    await manual.finish('v1');
    await manual.finish('s2');
    await manual.finish('v2');
    await manual.finish('s3');
    expect(manual.started).toEqual(['s1', 'v1', 's2', 'v2', 's3']);
    expect(await Promise.all(signups)).toEqual(['hash:s1', 'hash:s2', 'hash:s3']);
    expect(await Promise.all(logins)).toEqual([true, true]);
  });

  it('never lets signups take more than half of the running slots', async () => {
    const manual = manualHasher();
    const bounded = boundedHasher(manual.hasher, {
      concurrency: 4,
      queue: 8,
      retryAfterSeconds: 1,
    });
    const signups = ['s1', 's2', 's3', 's4'].map((label) => bounded.hash(label));
    expect(manual.started).toEqual(['s1', 's2']);
    const logins = ['v1', 'v2', 'v3'].map((label) => bounded.verify(label, 'stored'));
    expect(manual.started).toEqual(['s1', 's2', 'v1', 'v2']);
    await manual.finish('s1');
    // Signups had no slot to spare: the freed one is theirs again, never a third.
    expect(manual.started).toEqual(['s1', 's2', 'v1', 'v2', 's3']);
    await manual.finish('v1');
    expect(manual.started).toEqual(['s1', 's2', 'v1', 'v2', 's3', 'v3']);
    for (const label of ['s2', 'v2', 'v3', 's3']) await manual.finish(label);
    await manual.finish('s4');
    await Promise.all([...signups, ...logins]);
  });

  it("gives owners' logins slots and a waiting list of their own", async () => {
    const manual = manualHasher();
    const bounded = boundedHasher(manual.hasher, {
      concurrency: 1,
      queue: 2,
      retryAfterSeconds: 1,
    });
    const strangers = ['v1', 'v2', 'v3'].map((label) => bounded.verify(label, 'stored'));
    const signups = ['s1', 's2'].map((label) => bounded.hash(label));
    await expect(bounded.verify('v4', 'stored')).rejects.toBeInstanceOf(HasherBusyError);
    expect(manual.started).toEqual(['v1']);
    // The shared slot is taken and its lists are full: an owner still starts at once.
    const owners = ['o1', 'o2', 'o3'].map((label) =>
      bounded.verify(label, 'stored', { owner: true }),
    );
    await expect(bounded.verify('o4', 'stored', { owner: true })).rejects.toBeInstanceOf(
      HasherBusyError,
    );
    expect(manual.started).toEqual(['v1', 'o1']);
    await manual.finish('o1');
    expect(manual.started).toEqual(['v1', 'o1', 'o2']);
    for (const label of ['v1', 'o2', 'o3', 's1', 'v2', 's2']) await manual.finish(label);
    await manual.finish('v3');
    expect(manual.started).toEqual(['v1', 'o1', 'o2', 's1', 'o3', 'v2', 's2', 'v3']);
    await Promise.all([...strangers, ...signups, ...owners]);
  });
});
