import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { TEST_ACCOUNT } from '../../contract/limits';
import { MemoryStore } from '../store/memory-store';
import { createHarness } from '../testing/api-harness';
import { RateLimiter } from './rate-limiter';

function manualClock(start = Date.now()) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('allows max events per window, then says how long to wait, then allows again', () => {
    const time = manualClock();
    const limiter = new RateLimiter({ max: 2, windowMs: 1000 }, time.clock);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.retryAfterMs('a')).toBe(1000);
    expect(limiter.retryAfterMs('b')).toBe(0);
    time.advance(400);
    expect(limiter.retryAfterMs('a')).toBe(600);
    time.advance(600);
    expect(limiter.retryAfterMs('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 }, manualClock().clock);
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
  });
});

describe('auth rate limits', () => {
  const tooMany = { errors: [apiErrors.tooManyRequests.message] };

  it('locks an account after too many failed logins, even for the right password', async () => {
    const time = manualClock();
    const h = await createHarness(new MemoryStore(), {
      clock: time.clock,
      authLimits: { failedLoginsPerAccount: { max: 3, windowMs: 60_000 } },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await h.call('POST', '/api/auth/login', {
        body: { email: TEST_ACCOUNT.email, password: 'guess' },
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(tooMany);
    expect(locked.headers.get('retry-after')).toBe('60');

    const other = await h.call('POST', '/api/auth/login', {
      body: { email: 'ada@codetube.dev', password: 'analytical-1843' },
    });
    expect(other.status).toBe(200);

    time.advance(60_000);
    const later = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
    expect(later.status).toBe(200);
  });

  it('a successful login clears the failures', async () => {
    const h = await createHarness(new MemoryStore(), {
      authLimits: { failedLoginsPerAccount: { max: 2, windowMs: 60_000 } },
    });
    const wrong = { email: TEST_ACCOUNT.email, password: 'guess' };
    await h.call('POST', '/api/auth/login', { body: wrong });
    expect((await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT })).status).toBe(200);
    await h.call('POST', '/api/auth/login', { body: wrong });
    expect((await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT })).status).toBe(200);
  });

  it('limits login and signup requests per client address', async () => {
    const h = await createHarness(new MemoryStore(), {
      authLimits: { requestsPerAddress: { max: 2, windowMs: 60_000 } },
      clientAddress: (c) => c.req.header('x-test-address') ?? 'none',
    });
    const from = (address: string) => ({ headers: { 'x-test-address': address } });
    expect(
      (await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT, ...from('a') })).status,
    ).toBe(200);
    expect((await h.call('POST', '/api/auth/signup', { body: {}, ...from('a') })).status).toBe(422);
    const third = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT, ...from('a') });
    expect(third.status).toBe(429);
    expect(third.body).toEqual(tooMany);
    expect(
      (await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT, ...from('b') })).status,
    ).toBe(200);
    expect((await h.call('GET', '/api/videos', from('a'))).status).toBe(200);
  });
});
