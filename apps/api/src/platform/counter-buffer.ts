/**
 * Counts events in memory and writes them in batches (page views): one UPDATE every few seconds
 * instead of one per request. Counts survive a failed write and go out with the next one.
 */
export class CounterBuffer {
  private counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly write: (counts: Map<string, number>) => Promise<void>) {}

  add(key: string, amount = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + amount);
  }

  pending(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    this.flushing = this.write(batch)
      .catch(() => {
        for (const [key, amount] of batch) this.add(key, amount);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
