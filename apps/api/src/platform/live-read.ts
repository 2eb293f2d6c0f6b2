import type { Clock } from './clock.ts';

/**
 * How much longer than a read the wait between two reads is at least: for a change elsewhere (the age of
 * the value) and for this process's own changes. A value whose read takes seconds (the suggestion index's
 * build, about 5 s of wall time at 500,000 goods on 2 cores) is then read again at most 2 % of the time,
 * 10 % under a stream of its own changes, instead of every `ttlMs` or `minIntervalMs`.
 */
export const REBUILD_SPACING = { age: 50, change: 10 } as const;

/**
 * A value derived from the database and kept in memory (the suggestion index, the catalogue's page
 * anchors, the shop directory): read on first use (`current` waits for it), then read again in the
 * background, the old value answering meanwhile, when this process changed what it derives from
 * (`forget`) or the value is `ttlMs` old (other processes' changes), at most once per `minIntervalMs`:
 * under a stream of changes it is read every few seconds, not after each change. Both waits grow with the
 * last read's duration (REBUILD_SPACING). A failed read keeps the old value; a later use tries again, a
 * minimum interval after the failed one began (`current` without a value tries at once: its caller waits).
 *
 * `settleMs` is for changes made inside their caller's transaction, which commits a moment after
 * `forget`: no read starts until that long after a change, and a read that began sooner does not count
 * as read after it.
 */
export class LiveRead<T> {
  private value: T | undefined;
  private startedAt = Number.NEGATIVE_INFINITY;
  private loadedAt = 0;
  /** how long the last read took, by the clock */
  private readMs = 0;
  /** bumped by every change; the value is fresh when it was read after the last one */
  private generation = 0;
  private loadedGeneration = -1;
  private changedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<T> | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly minIntervalMs: number,
    private readonly settleMs = 0,
  ) {}

  async current(): Promise<T> {
    if (this.value === undefined) return this.read();
    this.refreshIfDue();
    return this.value;
  }

  /**
   * The value as last read, if it has been, without waiting, reading or refreshing it (a search page's
   * walks go by the suggestion index's counts, which may be minutes old).
   */
  peek(): T | undefined {
    return this.value;
  }

  /**
   * The value as last read (peek), if this process changed nothing since its read began and it is at
   * most `maxAgeMs` old: for answers that must not miss this process's own changes.
   */
  peekUnchanged(maxAgeMs: number): T | undefined {
    if (this.loadedGeneration !== this.generation || this.clock.now().getTime() - this.loadedAt > maxAgeMs) return undefined;
    return this.value;
  }

  /**
   * peekUnchanged that also starts a read, in the background, when there is no value yet or it is due:
   * a use that can do without the value never waits for it.
   */
  peekUnchangedOrRead(maxAgeMs: number): T | undefined {
    this.refreshIfDue();
    return this.peekUnchanged(maxAgeMs);
  }

  /** The read under way, if one is. */
  pending(): Promise<T> | undefined {
    return this.loading;
  }

  /** What the value derives from changed in this process. */
  forget(): void {
    this.generation += 1;
    this.changedAt = this.clock.now().getTime();
  }

  /** Starts a read in the background when the value is missing or due and one may start. */
  private refreshIfDue(): void {
    if (this.loading) return;
    const now = this.clock.now().getTime();
    const stale = now - this.loadedAt >= Math.max(this.ttlMs, REBUILD_SPACING.age * this.readMs);
    const due = this.value === undefined || this.loadedGeneration !== this.generation || stale;
    const spaced = now - this.startedAt >= Math.max(this.minIntervalMs, REBUILD_SPACING.change * this.readMs);
    if (due && spaced && now - this.changedAt >= this.settleMs) {
      // a failed read keeps the old value; a later use tries again
      this.read().catch(() => undefined);
    }
  }

  /** Reads the value now, or joins the read under way, and answers it. */
  read(): Promise<T> {
    this.loading ??= (async () => {
      const generation = this.generation;
      this.startedAt = this.clock.now().getTime();
      const settled = this.startedAt - this.changedAt >= this.settleMs;
      const value = await this.load();
      this.value = value;
      this.loadedAt = this.startedAt;
      this.readMs = Math.max(0, this.clock.now().getTime() - this.startedAt);
      // (a read begun before the last change had settled is read after none)
      this.loadedGeneration = settled ? generation : -1;
      return value;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }
}
