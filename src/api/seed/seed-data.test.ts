import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { testHasher } from '../testing/api-harness';
import { buildSeed } from './seed-data';

describe('buildSeed', () => {
  it('seeds the demo account unless DEMO_ACCOUNT=off asks it not to', async () => {
    const emails = async (demoAccount?: boolean) =>
      (await buildSeed(testHasher, new Date(), { demoAccount })).users.map((user) => user.email);
    expect(await emails()).toContain(TEST_ACCOUNT.email);
    expect(await emails(false)).not.toContain(TEST_ACCOUNT.email);
    expect(await emails(false)).toHaveLength(1);
  });
});
