import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { IdleMemoryRelease, processProbe, v8FullCollection, type IdleMemoryProbe } from '../../src/platform/idle-memory.ts';

const MB = 1024 * 1024;

/** A probe whose loop utilization and heap size the test sets; counts the collections. */
function fakeProbe(heapMb: number) {
  const state = { utilization: 0, heapMb, collections: 0, heapAfterCollectMb: 60 };
  const probe: IdleMemoryProbe = {
    utilization: () => state.utilization,
    heapBytes: () => state.heapMb * MB,
    collect: () => {
      state.collections += 1;
      state.heapMb = state.heapAfterCollectMb;
    },
  };
  return { state, probe };
}

/** A release over a fake probe of `heapMb`, and `run`: `seconds` checks one second apart, the loop as busy as `utilization` (answers how many collected). */
function harness(heapMb: number) {
  const clock = new ManualClock('2026-11-29T12:00:00Z');
  const { state, probe } = fakeProbe(heapMb);
  const reports: { beforeBytes: number; afterBytes: number; ms: number }[] = [];
  const subject = new IdleMemoryRelease({ clock, probe, quietMs: 10_000, minGrowthBytes: 32 * MB, onCollect: (report) => reports.push(report) });
  const run = (seconds: number, utilization: number) => {
    let collected = 0;
    for (let second = 0; second < seconds; second += 1) {
      state.utilization = utilization;
      clock.advance(1_000);
      if (subject.check()) collected += 1;
    }
    return collected;
  };
  return { state, run, reports };
}

/** A release whose process has already collected once, down to `heapMb` (what start-up left is given back first: see below), and is busy again. */
function release(heapMb = 80) {
  const { state, run, reports } = harness(heapMb);
  // the first quiet moment after start-up: one collection, down to heapMb
  state.heapAfterCollectMb = heapMb;
  expect(run(11, 0)).toBe(1);
  // then requests come: the quiet time starts again
  run(1, 0.9);
  state.collections = 0;
  reports.length = 0;
  state.heapAfterCollectMb = 60;
  return { state, run, reports };
}

describe('IdleMemoryRelease: the heap a burst grew, given back once the loop is quiet', () => {
  it('gives back what start-up left at the first quiet moment, even when no burst came since', () => {
    const { state, run } = harness(217);
    state.heapAfterCollectMb = 81;
    expect(run(30, 0)).toBe(1);
    expect(state.heapMb).toBe(81);
  });

  it('never collects while the loop is busy, however much the heap grew', () => {
    const { state, run } = release();
    state.heapMb = 400;
    expect(run(120, 0.6)).toBe(0);
    expect(state.collections).toBe(0);
  });

  it('collects once the loop has been quiet for the whole quiet time after the heap grew, and reports the sizes', () => {
    const { state, run, reports } = release(80);
    run(30, 0.9);
    state.heapMb = 330;
    // each check samples the second before it: 9 quiet samples are not yet the 10 s, the 10th is
    expect(run(9, 0.01)).toBe(0);
    expect(run(1, 0.01)).toBe(1);
    expect(state.collections).toBe(1);
    expect(reports).toEqual([{ beforeBytes: 330 * MB, afterBytes: 60 * MB, ms: expect.any(Number) }]);
    expect(reports[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it('collects once per burst: not again while the loop stays quiet and the heap does not grow', () => {
    const { state, run } = release(80);
    state.heapMb = 300;
    expect(run(60, 0)).toBe(1);
    // a trickle of requests (health checks) keeps the loop quiet and grows the heap a little
    state.heapMb += 10;
    expect(run(300, 0.02)).toBe(0);
    expect(state.collections).toBe(1);
  });

  it('a busy moment restarts the quiet time', () => {
    const { state, run } = release(80);
    state.heapMb = 300;
    expect(run(8, 0.01)).toBe(0);
    expect(run(1, 0.5)).toBe(0);
    expect(run(9, 0.01)).toBe(0);
    expect(run(1, 0.01)).toBe(1);
  });

  it('the next burst is given back too, measured from what the last collection left', () => {
    const { state, run } = release(80);
    state.heapMb = 300;
    expect(run(20, 0)).toBe(1);
    run(30, 0.8);
    // 60 MB after the collection, 85 MB now: 25 MB of growth is not worth a pause
    state.heapMb = 85;
    expect(run(20, 0)).toBe(0);
    run(30, 0.8);
    state.heapMb = 200;
    expect(run(20, 0)).toBe(1);
    expect(state.collections).toBe(2);
  });

  it('growth is counted from the smallest heap seen: a heap V8 shrank on its own is the new baseline', () => {
    const { state, run } = release(200);
    // V8 collected by itself down to 70 MB; then a burst grows it to 110 MB (40 MB over 70, 90 under 200)
    state.heapMb = 70;
    expect(run(20, 0)).toBe(0);
    run(10, 0.9);
    state.heapMb = 110;
    expect(run(20, 0)).toBe(1);
  });
});

describe('this process: V8 full collection and the loop probe', () => {
  it('reaches V8 full collection without leaving a gc global behind, and the collection frees unreachable objects', async () => {
    const hadGlobal = 'gc' in globalThis;
    const collect = v8FullCollection();
    expect(collect).toBeTypeOf('function');
    expect('gc' in globalThis).toBe(hadGlobal);
    // the same function each time
    expect(v8FullCollection()).toBe(collect);

    let garbage: number[][] | undefined = Array.from({ length: 200 }, (_, index) => Array.from({ length: 1_000 }, () => index));
    const ref = new WeakRef(garbage);
    garbage = undefined;
    // a WeakRef's target lives until the end of the job that made it
    await new Promise((resolve) => setImmediate(resolve));
    processProbe(collect!).collect();
    expect(ref.deref()).toBeUndefined();
  });

  it('samples the loop utilization as a share of time, and the heap in bytes', async () => {
    const probe = processProbe(v8FullCollection()!);
    const started = Date.now();
    // a loop busy for a while, then a sample
    while (Date.now() - started < 30) Math.sqrt(Math.random());
    const busy = probe.utilization();
    expect(busy).toBeGreaterThan(0);
    expect(busy).toBeLessThanOrEqual(1);
    expect(probe.heapBytes()).toBeGreaterThan(MB);
  });
});
