import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { MemoryStore } from '../store/memory-store';
import { testHasher } from '../testing/api-harness';
import { buildSeed, PUBLISHED_ACCOUNTS, publishedAccountsIn, seedIfEmpty } from './seed-data';

describe('buildSeed', () => {
  it('seeds the demo account unless DEMO_ACCOUNT=off asks it not to', async () => {
    const emails = async (demoAccount?: boolean) =>
      (await buildSeed(testHasher, new Date(), { demoAccount })).users.map((user) => user.email);
    expect(await emails()).toContain(TEST_ACCOUNT.email);
    expect(await emails(false)).not.toContain(TEST_ACCOUNT.email);
  });

  it('seeds no account with a published password when the demo account is off', async () => {
    const on = await buildSeed(testHasher, new Date(), { demoAccount: true });
    expect(on.users.map((user) => user.email).sort()).toEqual(
      ['ada@codetube.dev', TEST_ACCOUNT.email].sort(),
    );
    const off = await buildSeed(testHasher, new Date(), { demoAccount: false });
    expect(off.users).toEqual([]);
  });
});

describe('publishedAccountsIn', () => {
  it('names the seed accounts an older database still holds, and none of a new one without them', async () => {
    expect([...PUBLISHED_ACCOUNTS].sort()).toEqual(['ada@codetube.dev', TEST_ACCOUNT.email].sort());
    const older = new MemoryStore();
    await seedIfEmpty(older, testHasher, new Date(), { demoAccount: true });
    expect((await publishedAccountsIn(older)).sort()).toEqual([...PUBLISHED_ACCOUNTS].sort());
    const fresh = new MemoryStore();
    await seedIfEmpty(fresh, testHasher, new Date(), { demoAccount: false });
    expect(await publishedAccountsIn(fresh)).toEqual([]);
  });
});
