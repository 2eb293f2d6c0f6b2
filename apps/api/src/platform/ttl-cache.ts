import type { Clock } from './clock.ts';

/**
 * A small in-process cache with a time-to-live and a size bound, for values that may be a few
 * seconds stale (list totals, shop cards). Concurrent misses for one key share one load.
 *
 * Expired entries do not stay: the map is kept in expiry order (one TTL per cache, and a stored key
 * moves to the end), so each access drops the expired ones at its front, and `sweepExpired` (run on a
 * timer by the app, see `sweepEvery`) drops them while the process is idle. Before, a 3-second detail
 * cache held up to its 20,000-entry bound of stale goods for as long as the process ran.
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
    this.dropExpired(now);
    const entry = this.entries.get(key);
    if (entry) return entry.value;
    const value = load();
    this.store(key, value, now);
    // a failed load is not cached (unless another value took its place meanwhile)
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** The cached value when present and fresh. */
  peek(key: string): Promise<V> | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.clock.now().getTime() ? entry.value : undefined;
  }

  set(key: string, value: V): void {
    const now = this.clock.now().getTime();
    this.dropExpired(now);
    this.store(key, Promise.resolve(value), now);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The keys of fresh entries: the `limit` most recently stored of them. */
  freshKeys(limit: number): string[] {
    const now = this.clock.now().getTime();
    const keys: string[] = [];
    // in expiry order: the expired ones come first, the freshest last
    for (const [key, entry] of this.entries) if (entry.expiresAt > now) keys.push(key);
    return keys.length > limit ? keys.slice(keys.length - limit) : keys;
  }

  /** How many entries are held (expired ones included until the next access or sweep). */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every expired entry. */
  sweepExpired(): void {
    this.dropExpired(this.clock.now().getTime());
  }

  private store(key: string, value: Promise<V>, now: number): void {
    // re-inserted at the end: the map stays in expiry order
    this.entries.delete(key);
    // full of fresh entries: the oldest go
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  /** Expired entries are at the front: stops at the first fresh one (constant time per access, amortised). */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.entries.delete(key);
    }
  }
}

/** Something holding TtlCaches that can drop its expired entries. */
export interface Sweepable {
  sweepExpired(): void;
}

/** Sweeps `caches` every `intervalMs` on an unreferenced timer; answers the function that stops it. */
export function sweepEvery(intervalMs: number, caches: readonly Sweepable[]): () => void {
  const timer = setInterval(() => {
    for (const cache of caches) cache.sweepExpired();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
