import type { Clock } from './clock.ts';

/**
 * A small in-process cache with a time-to-live and a size bound, for values that may be a few
 * seconds stale (list totals, shop cards). Concurrent misses for one key share one load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.clock.now().getTime();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry.value;
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    // a failed load is not cached
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** The cached value when present and fresh. */
  peek(key: string): Promise<V> | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.clock.now().getTime() ? entry.value : undefined;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) this.evict(this.clock.now().getTime());
    this.entries.set(key, { value: Promise.resolve(value), expiresAt: this.clock.now().getTime() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // still full: drop the oldest insertions
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
