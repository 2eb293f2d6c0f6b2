import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { sweepEvery, TtlCache } from '../../src/platform/ttl-cache.ts';

const loaded = (value: string) => () => Promise.resolve(value);

describe('TtlCache', () => {
  it('answers the cached value until the time-to-live ends, then loads again', async () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 3_000);
    const load = vi.fn(loaded('a1'));
    expect(await cache.get('a', load)).toBe('a1');
    clock.advance(2_999);
    expect(await cache.get('a', loaded('other'))).toBe('a1');
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(await cache.get('a', loaded('a2'))).toBe('a2');
  });

  it('shares one load between concurrent misses and does not keep a failed load', async () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 3_000);
    let release!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = cache.get('a', load);
    const second = cache.get('a', load);
    release('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(load).toHaveBeenCalledTimes(1);

    await expect(cache.get('b', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(cache.peek('b')).toBeUndefined();
    expect(await cache.get('b', loaded('b1'))).toBe('b1');
  });

  it('drops expired entries at the next access instead of holding them up to the size bound', async () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 3_000, 20_000);
    for (let index = 0; index < 1_000; index += 1) await cache.get(`goods-${index}`, loaded(`row ${index}`));
    expect(cache.size).toBe(1_000);
    clock.advance(3_000);
    expect(await cache.get('fresh', loaded('fresh row'))).toBe('fresh row');
    // the thousand stale rows are gone, the fresh one stays
    expect(cache.size).toBe(1);
  });

  it('keeps a re-stored key by its new expiry: a sweep removes what expired and nothing else', async () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 3_000);
    cache.set('a', 'a1'); // expires at +3 s
    clock.advance(1_000);
    cache.set('b', 'b1'); // expires at +4 s
    clock.advance(1_000);
    cache.set('a', 'a2'); // stored again: expires at +5 s, after b
    clock.advance(2_000); // +4 s: b expired, a not
    cache.sweepExpired();
    expect(cache.size).toBe(1);
    expect(await cache.peek('a')).toBe('a2');
    expect(cache.peek('b')).toBeUndefined();
    clock.advance(1_000);
    cache.sweepExpired();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest fresh entries when full', async () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) {
      cache.set(key, key);
      clock.advance(1);
    }
    expect(cache.size).toBe(3);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.peek('d')).toBe('d');
  });

  it('freshKeys: the keys of fresh entries, the most recently stored ones when there are more than asked', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 1_000);
    cache.set('a', 'a');
    clock.advance(500);
    cache.set('b', 'b');
    cache.set('c', 'c');
    // a re-stored key is as fresh as its new expiry
    cache.set('a', 'a2');
    expect(cache.freshKeys(10)).toEqual(['b', 'c', 'a']);
    expect(cache.freshKeys(2)).toEqual(['c', 'a']);
    clock.advance(1_000);
    cache.set('d', 'd');
    expect(cache.freshKeys(10)).toEqual(['d']);
    clock.advance(1_000);
    expect(cache.freshKeys(10)).toEqual([]);
  });

  it('sweepEvery sweeps every cache on its timer until stopped', () => {
    vi.useFakeTimers();
    try {
      const sweeps: string[] = [];
      const stop = sweepEvery(10_000, [{ sweepExpired: () => sweeps.push('goods') }, { sweepExpired: () => sweeps.push('shops') }]);
      vi.advanceTimersByTime(9_999);
      expect(sweeps).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(sweeps).toEqual(['goods', 'shops']);
      stop();
      vi.advanceTimersByTime(30_000);
      expect(sweeps).toEqual(['goods', 'shops']);
    } finally {
      vi.useRealTimers();
    }
  });
});
