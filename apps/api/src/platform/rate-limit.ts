import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

// Fixed-window counters keyed by rule and subject (an IP, an account name, an e-mail address).
// Windows are computed from the injected clock, in memory on one machine or in Redis when several
// API processes share the limits. We use our own limiter rather than @fastify/rate-limit because
// the subjects (account names) come from parsed legacy parameters and tests move the clock
// (docs/adr/0002-rate-limiting.md).

export interface RateRule {
  /** Stable name, part of the key, e.g. "login:ip". */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

export interface RateLimitStore {
  /** Adds one hit to the window's counter and returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = 0;
  constructor(private readonly clock: Clock) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep > 10_000 || this.counters.size > 50_000) this.sweep(now);
    const entry = this.counters.get(key);
    if (entry && entry.expiresAt > now) {
      entry.count += 1;
      return entry.count;
    }
    this.counters.set(key, { count: 1, expiresAt: now + windowMs * 2 });
    return 1;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis, private readonly prefix = 'caravan:rl:') {}

  async increment(key: string, windowMs: number): Promise<number> {
    const fullKey = this.prefix + key;
    const [[incrError, count] = [null, 0], [expireError] = [null]] = (await this.redis
      .multi()
      .incr(fullKey)
      .pexpire(fullKey, 2 * windowMs, 'NX')
      .exec()) ?? [];
    if (incrError) throw incrError;
    if (expireError) throw expireError;
    return Number(count);
  }
}

/**
 * Where limits are counted when the shared store fails (Redis unreachable): per process, in memory, so
 * the calls behind a limit keep answering, still limited, instead of all failing with a system error
 * while Redis is down (fault-injection finding, docs/reliability.md).
 */
export interface RateLimitFallback {
  store: RateLimitStore;
  /** told of each failure of the shared store (logged by the app) */
  onStoreError(error: unknown): void;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly fallback?: RateLimitFallback,
  ) {}

  private async increment(key: string, windowMs: number): Promise<number> {
    if (!this.fallback) return this.store.increment(key, windowMs);
    try {
      return await this.store.increment(key, windowMs);
    } catch (error) {
      this.fallback.onStoreError(error);
      return this.fallback.store.increment(key, windowMs);
    }
  }

  async hit(rule: RateRule, subject: string): Promise<RateDecision> {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / rule.windowMs);
    const count = await this.increment(`${rule.name}:${subject}:${window}`, rule.windowMs);
    const allowed = count <= rule.max;
    return {
      allowed,
      remaining: Math.max(0, rule.max - count),
      retryAfterMs: allowed ? 0 : (window + 1) * rule.windowMs - now,
    };
  }
}
