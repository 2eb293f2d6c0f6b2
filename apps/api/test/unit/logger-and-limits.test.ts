import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { redactUrl } from '../../src/platform/logger.ts';
import { MemoryRateLimitStore, RateLimiter } from '../../src/platform/rate-limit.ts';

describe('log redaction', () => {
  it('removes tokens and passwords from logged URLs', () => {
    const url = '/wap/api/user!newlogin.action?username=bob&password=Secret#1&lang=en&token=abc.def&safeword=123456&session_token=zz';
    const redacted = redactUrl(url);
    expect(redacted).toBe('/wap/api/user!newlogin.action?username=bob&password=[redacted]&lang=en&token=[redacted]&safeword=[redacted]&session_token=[redacted]');
    expect(redactUrl('/x?TOKEN=abc')).toBe('/x?TOKEN=[redacted]');
    expect(redactUrl('/x?re_password=a&old_password=b&cashPassword=c')).not.toMatch(/=a|=b|=c/);
    // the chat socket: buyers' and operators' tokens alike
    expect(redactUrl('/?operatorToken=op-secret&lastMessageId=42')).toBe('/?operatorToken=[redacted]&lastMessageId=42');
    expect(redactUrl('/?lang=en&token=buyer-secret')).toBe('/?lang=en&token=[redacted]');
  });

  it('removes them inside a parameter value too (a signed URL sent back as a field)', () => {
    const signed = encodeURIComponent(`/uploads/private/p${'a'.repeat(64)}.png?expires=1768450500&signature=SHpqVjr6q84y-_X&token=t0k`);
    const redacted = redactUrl(`/wap/api/kyc!apply.action?idimg_1=${signed}&name=Amina&token=abc`);
    expect(redacted).toBe(
      `/wap/api/kyc!apply.action?idimg_1=%2Fuploads%2Fprivate%2Fp${'a'.repeat(64)}.png%3Fexpires%3D1768450500%26signature%3D[redacted]%26token%3D[redacted]&name=Amina&token=[redacted]`,
    );
    expect(redactUrl(`/x?next=%3FSignature%3Dabc`)).toBe('/x?next=%3FSignature%3D[redacted]');
  });
});

describe('rate limiter (memory store)', () => {
  it('allows max hits per window, then refuses until the next window', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00.000Z');
    const limiter = new RateLimiter(new MemoryRateLimitStore(clock), clock);
    const rule = { name: 'test', max: 3, windowMs: 60_000 };
    for (let hit = 1; hit <= 3; hit += 1) expect((await limiter.hit(rule, 'ip-1')).allowed).toBe(true);
    const refused = await limiter.hit(rule, 'ip-1');
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: 60_000 });
    // other subjects are counted separately
    expect((await limiter.hit(rule, 'ip-2')).allowed).toBe(true);
    clock.advance(59_999);
    expect((await limiter.hit(rule, 'ip-1')).allowed).toBe(false);
    clock.advance(1);
    expect((await limiter.hit(rule, 'ip-1')).allowed).toBe(true);
  });
});

describe('rate limiter with a failing shared store', () => {
  it('counts in the fallback store while the shared one fails, still refusing above the limit', async () => {
    const clock = new ManualClock('2026-03-01T00:00:00.000Z');
    const failures: unknown[] = [];
    let down = true;
    const shared = new MemoryRateLimitStore(clock);
    const flaky = {
      increment: (key: string, windowMs: number) => (down ? Promise.reject(new Error('Connection is closed.')) : shared.increment(key, windowMs)),
    };
    const limiter = new RateLimiter(flaky, clock, { store: new MemoryRateLimitStore(clock), onStoreError: (error) => failures.push(error) });
    const rule = { name: 'fallback-test', max: 2, windowMs: 60_000 };
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 60_000 });
    expect(failures).toHaveLength(3);
    // the shared store is back: it counts again (its own count, from 1)
    down = false;
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    expect(failures).toHaveLength(3);
  });

  it('without a fallback, a failing store fails the hit', async () => {
    const clock = new ManualClock('2026-03-01T00:00:00.000Z');
    const limiter = new RateLimiter({ increment: () => Promise.reject(new Error('down')) }, clock);
    await expect(limiter.hit({ name: 'no-fallback', max: 1, windowMs: 1000 }, 'a')).rejects.toThrow('down');
  });
});
