import { describe, expect, it } from 'vitest';
import { searchText } from '../../src/modules/catalog/search-text.ts';
import { LiveShopDirectory, SHOP_NAMES_SETTLE_MS, ShopDirectory, ShopNameFilter, type ShopDirectorySource } from '../../src/modules/shops/shop-name-filter.ts';
import { ShopsRepository } from '../../src/modules/shops/shops.repository.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { mulberry32 } from '../../src/seed/rng.ts';
import { newId } from '../../src/platform/ids.ts';
import { useTestApp } from '../support/test-app.ts';

// The shop name filter (ADR 0013, addendum of 2026-12-06) lets sellerGoods!search-keyword skip the shops
// statement for keywords no open shop can match. It may say "maybe" too often, never "no" where
// PostgreSQL's open_shops_named (trigram word similarity, or the name containing the keyword) finds a
// shop: checked here against PostgreSQL itself over names with accents, a dotted capital I, a Kelvin
// sign, Chinese, punctuation and digits, and keywords made from them (prefixes, a letter changed, two
// words, the name's middle) and random ones.

const t = await useTestApp();

const NAMES = [
  'Jade Home Direct', 'Phoenix Shoes Depot', 'Café Moda Textiles', 'İstanbul Bazaar', 'Kelvin Tools', 'Tianjin 天津 Trading',
  '上海服装', 'K-Mart & Co.', 'Oasis_Beauty Mart', '3M Supplies 24/7', 'Smörgås Kitchenware', 'ÉLAN Boutique', 'x',
];
const CLOSED = 'Zephyr Closed Emporium';

for (const name of [...NAMES, CLOSED]) {
  await t.database.pool.query(`insert into shops (id, name, status, created_at, updated_at) values ($1, $2, $3, now(), now())`, [newId(), name, name === CLOSED ? 'closed' : 'open']);
}

/** Keywords as people type them: from the names' words, altered, and random. */
function keywords(): string[] {
  const next = mulberry32(20261206);
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const out = new Set<string>();
  const words = NAMES.flatMap((name) => searchText([name]).split(/\s+/)).filter((word) => word.length > 0);
  for (const word of words) {
    for (let length = 1; length <= word.length; length += 1) out.add(word.slice(0, length));
    for (let at = 0; at < word.length; at += 1) out.add(`${word.slice(0, at)}${letters[Math.floor(next() * letters.length)]}${word.slice(at + 1)}`);
    if (word.length > 2) out.add(word.slice(1, -1));
  }
  for (let index = 0; index + 1 < words.length; index += 1) out.add(`${words[index]} ${(words[index + 1] ?? '').slice(0, 2)}`);
  for (let index = 0; index < 400; index += 1) {
    const length = 2 + Math.floor(next() * 5);
    out.add(Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join(''));
  }
  for (const extra of ['istanbul', 'ist', 'istanbu', 'kelvin', 'k mart', 'cafe', 'caf', 'elan', 'smorgas', 'smrgs', 'oasis beauty', 'beauty mart', '24 7', '天津', 'zephyr']) out.add(extra);
  return [...out];
}

/** The directory's read, as the shops service makes it. */
function directoryRead(): Promise<ShopDirectorySource> {
  return new ShopsRepository(t.database.db).directory();
}

/** What PostgreSQL answers for a keyword as sellerGoods!search-keyword sends it. */
async function postgresFinds(keyword: string): Promise<boolean> {
  const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await t.database.pool.query<{ id: string }>('select open_shops_named($1, $2, 100) as id', [keyword, pattern]);
  return rows.rows.length > 0;
}

describe('ShopNameFilter', () => {
  it("never says no where PostgreSQL finds a shop, and says no to most keywords that match none", async () => {
    const read = await directoryRead();
    expect(read.shops.filter((shop) => shop.open).map((shop) => shop.name).toSorted()).toEqual(NAMES.toSorted());
    expect(read.shops.filter((shop) => !shop.open).map((shop) => shop.name)).toEqual([CLOSED]);
    expect(read.threshold).toBe(0.6);
    const { filter } = new ShopDirectory(read);
    let found = 0;
    let skipped = 0;
    let unmatched = 0;
    const missed: string[] = [];
    for (const raw of keywords()) {
      const keyword = searchText([raw]);
      const finds = await postgresFinds(keyword);
      const may = filter.mayMatch(keyword);
      if (finds) found += 1;
      else unmatched += 1;
      if (finds && !may) missed.push(keyword);
      if (!finds && !may) skipped += 1;
    }
    expect(missed).toEqual([]);
    expect(found).toBeGreaterThan(100);
    // the point of it: most keywords no shop matches are answered without a statement
    expect(skipped / unmatched).toBeGreaterThan(0.7);
    expect(filter.mayMatch('zzqxwv')).toBe(false);
    // the closed shop is not among the names filtered
    expect(filter.mayMatch('zephyr')).toBe(false);
    expect(await postgresFinds('zephyr')).toBe(false);
  });

  it('asks PostgreSQL for what it cannot judge: other characters than a-z, 0-9 and spaces, and a threshold of 0', () => {
    const filter = new ShopNameFilter({ names: ['Jade Home Direct'], threshold: 0.6 });
    for (const keyword of ['上海', 't-shirt', 'café', '']) expect(filter.mayMatch(keyword), keyword).toBe(true);
    expect(filter.mayMatch('qqq')).toBe(false);
    expect(new ShopNameFilter({ names: ['Jade Home Direct'], threshold: 0 }).mayMatch('qqq')).toBe(true);
  });
});

/** A loader whose reads finish when the test says, with the open shops it says (named by their ids). */
function loader() {
  const pending: ((source: ShopDirectorySource) => void)[] = [];
  let reads = 0;
  return {
    reads: () => reads,
    load: () =>
      new Promise<ShopDirectorySource>((resolve) => {
        reads += 1;
        pending.push(resolve);
      }),
    async finish(names: string[]) {
      pending.shift()?.({ shops: names.map((name) => ({ id: `id:${name}`, name, open: true })), threshold: 0.6 });
      // the directory takes the shops on the next turns of the event loop
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const TTL_MS = 60_000;
const MIN_INTERVAL_MS = 10_000;

describe('ShopDirectory', () => {
  it("names every shop read, open or not, and filters keywords by the open ones' names only", () => {
    const directory = new ShopDirectory({
      shops: [
        { id: 'a', name: 'Jade Home Direct', open: true },
        { id: 'b', name: 'Zephyr Closed Emporium', open: false },
      ],
      threshold: 0.6,
    });
    expect(directory.size).toBe(2);
    expect([directory.nameOf('a'), directory.nameOf('b'), directory.nameOf('c')]).toEqual(['Jade Home Direct', 'Zephyr Closed Emporium', undefined]);
    expect(directory.filter.mayMatch('jade')).toBe(true);
    expect(directory.filter.mayMatch('zephyr')).toBe(false);
  });
});

describe('LiveShopDirectory', () => {
  it('asks PostgreSQL until its first read has finished, then answers alone; reads again when a TTL old', async () => {
    const clock = new ManualClock();
    const source = loader();
    const live = new LiveShopDirectory(source.load, clock, TTL_MS, MIN_INTERVAL_MS);
    expect(live.mayMatch('qqq')).toBe(true);
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    expect(live.mayMatch('qqq')).toBe(true);
    expect(source.reads()).toBe(1);
    await source.finish(['Jade Home Direct']);
    expect(live.mayMatch('qqq')).toBe(false);
    expect(live.mayMatch('jade')).toBe(true);
    expect(live.peekUnchangedOrRead(TTL_MS)?.nameOf('id:Jade Home Direct')).toBe('Jade Home Direct');
    clock.advance(TTL_MS - 1);
    live.mayMatch('qqq');
    expect(source.reads()).toBe(1);
    clock.advance(1);
    // the old directory answers while the new one is read (the names while young enough)
    expect(live.mayMatch('qqq')).toBe(false);
    expect(source.reads()).toBe(2);
    expect(live.peekUnchangedOrRead(TTL_MS)?.nameOf('id:Jade Home Direct')).toBe('Jade Home Direct');
    expect(live.peekUnchangedOrRead(TTL_MS - 1)).toBeUndefined();
    await source.finish(['Qqq Imports']);
    expect(live.mayMatch('qqq')).toBe(true);
    expect(live.peekUnchangedOrRead(TTL_MS)?.nameOf('id:Qqq Imports')).toBe('Qqq Imports');
  });

  it("after a change in this process, asks PostgreSQL until a read that started the settling time after it has finished", async () => {
    const clock = new ManualClock();
    const source = loader();
    const live = new LiveShopDirectory(source.load, clock, TTL_MS, MIN_INTERVAL_MS);
    expect(await Promise.all([live.prepare(), source.finish(['Jade Home Direct'])])).toEqual([1, undefined]);
    expect(live.mayMatch('qqq')).toBe(false);
    // (reads are also spaced by the minimum interval: past it here, the settling time is what waits)
    clock.advance(MIN_INTERVAL_MS);
    // a shop opens in a transaction that commits a moment later: the directory cannot know its name yet
    live.forget();
    expect(live.mayMatch('qqq')).toBe(true);
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    clock.advance(SHOP_NAMES_SETTLE_MS - 1);
    expect(live.mayMatch('qqq')).toBe(true);
    expect(source.reads()).toBe(1);
    clock.advance(1);
    expect(live.mayMatch('qqq')).toBe(true);
    expect(source.reads()).toBe(2);
    await source.finish(['Jade Home Direct', 'Qqq Imports']);
    expect(live.mayMatch('qqq')).toBe(true);
    expect(live.mayMatch('zzz')).toBe(false);
    expect(live.peekUnchangedOrRead(TTL_MS)?.nameOf('id:Qqq Imports')).toBe('Qqq Imports');
  });

  it('does not trust a read begun within the settling time of a change, even the first', async () => {
    const clock = new ManualClock();
    const source = loader();
    const live = new LiveShopDirectory(source.load, clock, TTL_MS, MIN_INTERVAL_MS);
    live.forget();
    expect(await Promise.all([live.prepare(), source.finish(['Jade Home Direct'])])).toEqual([1, undefined]);
    expect(live.mayMatch('qqq')).toBe(true);
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    expect(source.reads()).toBe(1);
    // the settling time and the minimum interval both past: read again, and trusted
    clock.advance(Math.max(SHOP_NAMES_SETTLE_MS, MIN_INTERVAL_MS));
    expect(live.mayMatch('qqq')).toBe(true);
    expect(source.reads()).toBe(2);
    await source.finish(['Jade Home Direct']);
    expect(live.mayMatch('qqq')).toBe(false);
    expect(live.mayMatch('jade')).toBe(true);
  });

  it('keeps asking PostgreSQL when a read fails, and tries again after the minimum interval', async () => {
    const clock = new ManualClock();
    let reads = 0;
    const live = new LiveShopDirectory(
      () => {
        reads += 1;
        return reads === 1 ? Promise.reject(new Error('connection lost')) : Promise.resolve({ shops: [{ id: 'a', name: 'Jade Home Direct', open: true }], threshold: 0.6 });
      },
      clock,
      TTL_MS,
      MIN_INTERVAL_MS,
    );
    expect(live.mayMatch('qqq')).toBe(true);
    await live.prepare();
    expect(live.mayMatch('qqq')).toBe(true);
    expect(reads).toBe(1);
    clock.advance(MIN_INTERVAL_MS);
    live.mayMatch('qqq');
    await live.prepare();
    expect(live.mayMatch('qqq')).toBe(false);
    expect(reads).toBe(2);
  });
});
