import { createHash } from 'node:crypto';

// Deterministic randomness for the seed: every entity draws from its own stream, seeded by its kind
// and index, so product 1,234 is the same whether 2,000 or 50,000 products are seeded.

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** a price-like number with 2 decimals in [min, max] */
  amount(min: number, max: number): string;
}

/** mulberry32: a small seeded generator of numbers in [0, 1) (also the fault-injection sweep's dice). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function rngFor(kind: string, index: number | string): Rng {
  const seed = createHash('md5').update(`caravan-seed:${kind}:${index}`).digest().readUInt32LE(0);
  const next = mulberry32(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
    amount: (min, max) => {
      const cents = Math.round((min + next() * (max - min)) * 100);
      return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    },
  };
}

/** A stable 32-hex id for a seeded entity. */
export function seedId(kind: string, index: number | string): string {
  return createHash('md5').update(`caravan-seed-id:${kind}:${index}`).digest('hex');
}
