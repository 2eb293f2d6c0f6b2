import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { RateLimiter, RedisRateLimitStore } from '../../src/platform/rate-limit.ts';
import { nextAddress, registerUser, startTestApp, useTestApp } from '../support/test-app.ts';

// Runs whenever a Redis answers (REDIS_URL or 127.0.0.1:6379); CI sets CARAVAN_REQUIRE_REDIS=1, which
// makes the run fail rather than skip when none does.
const redisUrl = inject('redisUrl');

describe.runIf(redisUrl)('rate limits in Redis', () => {
  const redis = new Redis(redisUrl ?? '');
  const prefix = `caravan-test-${process.pid}-${Date.now()}:`;
  afterAll(() => redis.quit());

  it('counts per window with the injected clock and expires the keys', async () => {
    const clock = new ManualClock('2026-02-01T00:00:00.000Z');
    const limiter = new RateLimiter(new RedisRateLimitStore(redis, prefix), clock);
    const rule = { name: `redis-test-${Date.now()}`, max: 2, windowMs: 60_000 };
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 60_000 });
    clock.advance(60_000);
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(120_000);
    }
  });

  it('shares limits between two API instances on the same Redis', async () => {
    const first = await useTestApp({ redis });
    const second = await startTestApp({ redis, database: first.database });
    afterAll(() => second.close());
    const user = await registerUser(first);
    const keys: (string | undefined)[] = [];
    for (let index = 0; index < 11; index += 1) {
      const instance = index % 2 === 0 ? first : second;
      const response = await instance.call('user!newlogin', { username: user.username, password: 'short' }, { remoteAddress: nextAddress() });
      keys.push(response.errorKey);
    }
    expect(keys.slice(0, 10).every((key) => key === 'accounts.password_length')).toBe(true);
    expect(keys[10]).toBe('common.too_frequent');
    // a session made on one instance is valid on the other (stateless API replicas)
    expect((await second.call('localuser!get', {}, { token: user.token })).code).toBe('0');
  });
});
