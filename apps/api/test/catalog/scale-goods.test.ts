import { describe, expect, it } from 'vitest';
import { indexTokens, searchText } from '../../src/modules/catalog/search-text.ts';
import { seedScaleGoods } from '../../src/seed/scale.ts';
import { seedId } from '../../src/seed/rng.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';

// The bench's catalogue at scale (seedScaleGoods in seed/scale.ts), made small: 200 goods seeded by the
// catalogue seeder grown to 2,000 in SQL. A generated good must be served exactly as a seeded one: the
// ids and model number the seeder would have given it, search text the search code would have computed,
// and the same answers from the calls the bench measures.

const SEEDED = 200;
const TARGET = 2000;

// micro-caches off: every call reads the database
const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z', env: { CATALOG_MICRO_CACHE: '0' } });
await seedSmallCatalogue(t, { products: SEEDED, shops: 12 });
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);
const before = await q(
  `select (select count(*)::int from goods_skus) as skus, (select count(*)::int from seller_goods) as listings,
          (select count(*)::int from pg_indexes where tablename in ('goods', 'goods_skus', 'seller_goods')) as indexes`,
);
const grown = await seedScaleGoods(t.database.db, TARGET, () => undefined);

interface Card {
  id: string;
  goodsId: string;
  name: string;
}
interface Page {
  pageInfo: { totalElements: number };
  pageList: Card[];
}
interface Suggestions {
  goodsList: { goodsId: string; name: string }[];
}

/** The model number the catalogue seeder gives good n (seed/catalogue.ts). */
const modelOf = (n: number) => `${String.fromCharCode(65 + (n % 26))}${100 + (n % 900)}`;

/** The first generated good from n on whose first listing is visible, the good it copies, and both listing ids. */
async function generatedListing(from: number) {
  for (let n = from; n < TARGET; n += 1) {
    const base = n % SEEDED;
    const [row] = await q(
      `select sg.id, sg.goods_id, b.id as base_id from seller_goods sg join seller_goods b on b.id = $2
        where sg.id = $1 and sg.visible`,
      [seedId('listing', `${n}:0`), seedId('listing', `${base}:0`)],
    );
    if (row) return { n, base, id: row.id as string, goodsId: row.goods_id as string, baseId: row.base_id as string };
  }
  throw new Error(`no visible generated listing from good ${from} on`);
}

describe('the catalogue grown to scale in SQL', () => {
  it('adds the goods, their SKUs and listings in proportion to the seeded ones, once', async () => {
    expect(grown).toMatchObject({ goods: TARGET, added: TARGET - SEEDED });
    const [after] = await q(`select (select count(*)::int from goods_skus) as skus, (select count(*)::int from seller_goods) as listings`);
    // every seeded good is copied 9 times in full: SKUs and listings grow tenfold
    expect(after.skus).toBe(before[0].skus * (TARGET / SEEDED));
    expect(after.listings).toBe(before[0].listings * (TARGET / SEEDED));
    // the indexes dropped for the load are all back
    const [indexes] = await q(`select count(*)::int as n from pg_indexes where tablename in ('goods', 'goods_skus', 'seller_goods')`);
    expect(indexes.n).toBe(before[0].indexes);
    const again = await seedScaleGoods(t.database.db, TARGET, () => undefined);
    expect(again).toMatchObject({ goods: TARGET, added: 0 });
  });

  it('gives every generated good the seeder’s ids and model number, and its listings the search text of their names', async () => {
    const rows = await q(
      `select g.id, g.names, sg.id as listing_id, sg.search_text, sg.search_tokens
         from generate_series(${SEEDED}, ${TARGET - 1}) as n
         join goods g on g.id = md5('caravan-seed-id:goods:' || n)
         left join seller_goods sg on sg.goods_id = g.id`,
    );
    const goods = new Set(rows.map((row) => row.id as string));
    expect(goods.size).toBe(TARGET - SEEDED);
    for (const n of [SEEDED, 777, TARGET - 1]) {
      const row = rows.find((candidate) => candidate.id === seedId('goods', n));
      expect(row?.names.en.endsWith(` ${modelOf(n)}`), row?.names.en).toBe(true);
      expect(row?.names['zh-CN'].endsWith(` ${modelOf(n)}`)).toBe(true);
    }
    for (const row of rows.filter((candidate) => candidate.listing_id)) {
      const names = [row.names.en, row.names['zh-CN'], row.names['zh-TW']];
      expect(row.search_text).toBe(searchText(names));
      expect(row.search_tokens).toBe(indexTokens(names));
    }
  });

  it('serves a generated listing’s detail as its seeded original’s, but for its own ids, name and model', async () => {
    const listing = await generatedListing(SEEDED + 37);
    const generated = await t.call('sellerGoods!info', { sellerGoodsId: listing.id, lang: 'en' });
    const original = await t.call('sellerGoods!info', { sellerGoodsId: listing.baseId, lang: 'en' });
    expect(generated.code).toBe('0');
    expect(original.code).toBe('0');
    let expected = JSON.stringify(original.data);
    const ids: [string, string][] = [
      [listing.baseId, listing.id],
      [seedId('goods', listing.base), listing.goodsId],
      ...Array.from({ length: 12 }, (_, index): [string, string] => [seedId('sku', `${listing.base}:${index}`), seedId('sku', `${listing.n}:${index}`)]),
      [modelOf(listing.base), modelOf(listing.n)],
    ];
    for (const [from, to] of ids) expected = expected.replaceAll(from, to);
    expect(generated.data).toEqual(JSON.parse(expected));
  });

  it('lists generated listings among the seeded ones, with the total of both', async () => {
    const [visible] = await q(`select count(*)::int as n from seller_goods where visible`);
    const generated = new Set((await q(`select sg.id from seller_goods sg join generate_series(${SEEDED}, ${TARGET - 1}) as n on sg.goods_id = md5('caravan-seed-id:goods:' || n)`)).map((row) => row.id as string));
    const cards: Card[] = [];
    for (const pageNum of [1, 2, 3]) {
      const page = await t.call<Page>('sellerGoods!list', { lang: 'en', pageNum, pageSize: 100, isPrice: 1 });
      expect(page.code).toBe('0');
      expect(page.data?.pageInfo.totalElements).toBe(visible.n);
      cards.push(...(page.data?.pageList ?? []));
    }
    expect(cards.filter((card) => generated.has(card.id)).length).toBeGreaterThan(200);
    expect(cards.length - cards.filter((card) => generated.has(card.id)).length).toBeGreaterThan(0);
  });

  it('finds a generated good by its model number and by the words it shares with its original, in search and suggestions', async () => {
    const listing = await generatedListing(SEEDED + 191);
    const model = modelOf(listing.n).toLowerCase();
    const found = await t.call<Page>('sellerGoods!search', { keyword: model, lang: 'en', pageNum: 1, pageSize: 20 });
    expect(found.code).toBe('0');
    // model numbers are unique below 11,700 goods: the good's own listings, nothing else
    const [own] = await q(`select count(*)::int as n from seller_goods where goods_id = $1 and visible`, [listing.goodsId]);
    expect(found.data?.pageInfo.totalElements).toBe(own.n);
    expect(found.data?.pageList.every((card) => card.goodsId === listing.goodsId)).toBe(true);

    const suggested = await t.call<Suggestions>('sellerGoods!search-keyword', { keyword: model, lang: 'en' });
    expect(suggested.code).toBe('0');
    expect(suggested.data?.goodsList.map((item) => item.goodsId)).toEqual([listing.goodsId]);

    // the words of its name: the original and its copies answer together
    const [name] = await q(`select names ->> 'en' as en from goods where id = $1`, [listing.goodsId]);
    const words = (name.en as string).split(' ').slice(0, -1).join(' ');
    const byWords = await t.call<Page>('sellerGoods!search', { keyword: words, lang: 'en', pageNum: 1, pageSize: 100 });
    const ids = new Set(byWords.data?.pageList.map((card) => card.goodsId));
    expect(ids.has(listing.goodsId)).toBe(true);
    expect(ids.has(seedId('goods', listing.base))).toBe(true);
  });
});
