import { describe, expect, it } from 'vitest';
import { createHarness } from '../testing/api-harness';
import { MemoryStore } from '../store/memory-store';
import type { RefusingLimit } from './errors';

/** Issue 42 #9: the metrics count rate-limit refusals by the limit that refused. */
describe('a rate limit that refuses a request says which it is', () => {
  it('names the login, signup and failed-login limits', async () => {
    const refused: RefusingLimit[] = [];
    const h = await createHarness(new MemoryStore(), {
      limitRefused: (limit) => refused.push(limit),
      authLimits: {
        requestsPerAddress: { max: 6, windowSeconds: 60 },
        failuresPerAddress: { max: 2, windowSeconds: 60 },
        signupsPerAddress: { max: 1, windowSeconds: 3600 },
      },
    });
    const signup = (n: number) =>
      h.call('POST', '/api/auth/signup', {
        body: {
          firstName: 'Pupil',
          lastName: String(n),
          email: `pupil${n}@example.com`,
          password: 'a-long-passphrase',
        },
      });
    expect((await signup(1)).status).toBe(201);
    expect((await signup(2)).status).toBe(429);
    expect(refused).toEqual(['signups-per-address']);
    const wrong = (n: number) =>
      h.call('POST', '/api/auth/login', {
        body: { email: `nobody${n}@example.com`, password: 'wrong-password' },
      });
    const statuses = [];
    for (let n = 0; n < 5; n += 1) statuses.push((await wrong(n)).status);
    expect(statuses).toEqual([404, 404, 429, 429, 429]);
    expect(refused).toEqual([
      'signups-per-address',
      'failed-logins-per-address',
      'failed-logins-per-address',
      'login-requests-per-address',
    ]);
  });
});
