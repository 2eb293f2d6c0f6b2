import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Clock } from './clock.ts';

// Memory given back when a burst of requests is over. Under load V8 grows its heap for the load: the
// young generation to 128 MB, and the old generation with the garbage the load promoted into it, which
// only a major collection frees. V8 starts one when the old generation reaches a limit it sets at up
// to four times what the last one left alive (on a machine with gigabytes of memory), and its own
// memory reducer only starts after such a collection; a process that goes quiet below that limit keeps
// what it grew, however long it stays quiet. Measured after the bench: 442-604 MB resident, of which
// 270-295 MB after one full collection (docs/performance.md, "Memory").
//
// So the API watches its event loop: once it has been quiet for `quietMs` after its heap grew by
// `minGrowthBytes` since the last collection, it runs one full collection, which also returns the young
// generation's pages to the system. Its pause grows with what is alive: some 50-100 ms for this heap
// (about 100 MB alive at 50,000 goods), paid only by a process that has nothing else to do; a process
// under load never runs it (a busy loop is never quiet), and a quiet one runs it once per burst, not on
// every check.

/** What the release looks at, and the collection it runs (injected in tests). */
export interface IdleMemoryProbe {
  /** The event loop's utilization (0..1) since the previous call. */
  utilization(): number;
  /** The bytes the JS heap holds from the system (V8's total heap size). */
  heapBytes(): number;
  /** One full collection that gives free pages back to the system. */
  collect(): void;
}

export interface IdleMemoryOptions {
  clock: Clock;
  probe: IdleMemoryProbe;
  /** how long the loop must have been quiet before the collection */
  quietMs: number;
  /** the least growth of the heap, since the last collection, worth one */
  minGrowthBytes: number;
  /** at or below this utilization the loop counts as quiet */
  quietUtilization?: number;
  onCollect?: (report: { beforeBytes: number; afterBytes: number; ms: number }) => void;
}

/** The default: a loop at or below 5 % of its time busy (the bench's loads keep the API at 60-100 %). */
export const QUIET_UTILIZATION = 0.05;
/** The default growth worth a collection: below it the garbage is not worth a pause. */
export const MIN_HEAP_GROWTH_BYTES = 32 * 1024 * 1024;
/** How often the loop's utilization is sampled. */
export const IDLE_CHECK_INTERVAL_MS = 1_000;

export class IdleMemoryRelease {
  private quietSince: number | undefined;
  /** when the last check ran: a quiet sample says the loop has been quiet since then */
  private lastCheckAt: number | undefined;
  /**
   * What the last collection left (the smallest heap seen since): growth is counted from it. Before the
   * first collection it is 0, so the first quiet moment after start-up collects too: the start leaves
   * its own garbage (about 130 MB of a 217 MB heap here), which no burst's growth would then exceed.
   */
  private baselineBytes = 0;
  private readonly quietUtilization: number;

  constructor(private readonly options: IdleMemoryOptions) {
    this.quietUtilization = options.quietUtilization ?? QUIET_UTILIZATION;
  }

  /** One check (every IDLE_CHECK_INTERVAL_MS); answers whether it collected. */
  check(): boolean {
    const { clock, probe, quietMs, minGrowthBytes } = this.options;
    const now = clock.now().getTime();
    // the sample covers the time since the last check (the first one's since start-up: counted from now)
    const sampledSince = this.lastCheckAt ?? now;
    this.lastCheckAt = now;
    if (probe.utilization() > this.quietUtilization) {
      this.quietSince = undefined;
      return false;
    }
    this.quietSince ??= sampledSince;
    if (now - this.quietSince < quietMs) return false;
    const beforeBytes = probe.heapBytes();
    // the heap shrank or barely grew since the last collection: nothing worth a pause
    if (beforeBytes - this.baselineBytes < minGrowthBytes) {
      this.baselineBytes = Math.min(this.baselineBytes, beforeBytes);
      return false;
    }
    const started = performance.now();
    probe.collect();
    const afterBytes = probe.heapBytes();
    this.baselineBytes = afterBytes;
    this.options.onCollect?.({ beforeBytes, afterBytes, ms: performance.now() - started });
    return true;
  }
}

type FullCollection = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let fullCollection: FullCollection | undefined;

/**
 * V8's collector, as `--expose-gc` would give it, without the flag on every launcher (npm start, the
 * image, the bench): the flag is on only while one fresh context is made, whose global `gc` is kept,
 * so no other code sees a `gc` global. `last-resort` is the collection V8 runs under memory pressure:
 * it compacts and returns the free pages. Undefined where the runtime refuses (then nothing is collected).
 */
export function v8FullCollection(): FullCollection | undefined {
  if (fullCollection) return fullCollection;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    if (typeof gc === 'function') fullCollection = gc as FullCollection;
  } catch {
    fullCollection = undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return fullCollection;
}

/** The probe of this process: its event loop, its heap, V8's full collection. */
export function processProbe(collection: FullCollection): IdleMemoryProbe {
  let last = performance.eventLoopUtilization();
  return {
    utilization() {
      const now = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(now, last);
      last = now;
      return since.utilization;
    },
    heapBytes: () => v8.getHeapStatistics().total_heap_size,
    collect: () => collection({ type: 'major', execution: 'sync', flavor: 'last-resort' }),
  };
}

/**
 * Starts the release in this process, on an unreferenced timer (it never keeps the process alive); nothing
 * when `quietSeconds` is 0 (off) or V8's collector cannot be reached.
 */
export function startIdleMemoryRelease(clock: Clock, quietSeconds: number, onCollect: IdleMemoryOptions['onCollect']): void {
  if (quietSeconds <= 0) return;
  const collection = v8FullCollection();
  if (!collection) return;
  const release = new IdleMemoryRelease({ clock, probe: processProbe(collection), quietMs: quietSeconds * 1000, minGrowthBytes: MIN_HEAP_GROWTH_BYTES, onCollect });
  setInterval(() => release.check(), IDLE_CHECK_INTERVAL_MS).unref();
}
