import { beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { recordStatements } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';
import { GoodsRepository } from '../../src/modules/catalog/goods.repository.ts';
import type { SuggestionEntry } from '../../src/modules/catalog/suggestion-index.ts';

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t, { products: 400, shops: 20 });
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);

interface Card {
  id: string;
  goodsId: string;
  sellerId: string;
  name: string;
}
interface Page {
  pageInfo: { pageNum: number; pageSize: number; totalElements: number };
  pageList: Card[];
}

// a listed product and the words of its names
const [sample] = await q(
  `select sg.goods_id, sg.shop_id, g.names from seller_goods sg join goods g on g.id = sg.goods_id
   where sg.visible order by sg.id limit 1`,
);
const englishNoun = (sample.names.en as string).split(' ').slice(-2, -1)[0] as string;
const chineseName = sample.names['zh-CN'] as string;
const traditionalName = sample.names['zh-TW'] as string;

function search(keyword: string, extra: Record<string, unknown> = {}) {
  return t.call<Page>('sellerGoods!search', { keyword, lang: 'en', pageSize: 100, ...extra });
}

async function expectedMatches(pattern: string): Promise<number> {
  const [{ n }] = await q(`select count(*)::int as n from seller_goods where visible and search_text like $1`, [pattern]);
  return n;
}

describe('sellerGoods!search', () => {
  it('finds goods by an English word, in any case, with the total of all matches', async () => {
    const result = await search(englishNoun.toUpperCase());
    expect(result.code).toBe('0');
    expect(result.data?.pageList.length).toBeGreaterThan(0);
    expect(result.data?.pageList.every((card) => card.name.toLowerCase().includes(englishNoun.toLowerCase()))).toBe(true);
    expect(result.data?.pageInfo.totalElements).toBeGreaterThanOrEqual(result.data?.pageList.length ?? 0);
  });

  it('matches words by prefix while typing', async () => {
    const prefix = englishNoun.slice(0, 4);
    const result = await search(prefix);
    expect(result.data?.pageList.some((card) => card.goodsId === sample.goods_id)).toBe(true);
  });

  it('finds goods by Chinese text in simplified and traditional characters, including part of a name', async () => {
    const chinese = await search(chineseName.split(' ')[0] as string);
    expect(chinese.data?.pageList.some((card) => card.goodsId === sample.goods_id)).toBe(true);
    const traditional = await search(traditionalName.split(' ')[0] as string);
    expect(traditional.data?.pageList.some((card) => card.goodsId === sample.goods_id)).toBe(true);
    const part = [...(chineseName.split(' ')[0] as string)].slice(-2).join('');
    const partial = await search(part);
    expect(partial.data?.pageInfo.totalElements).toBeGreaterThan(0);
    expect(partial.data?.pageInfo.totalElements).toBe(await expectedMatches(`%${part}%`));
  });

  it('tolerates typos by correcting them against the catalogue’s words', async () => {
    const word = englishNoun.toLowerCase();
    expect(word.length).toBeGreaterThanOrEqual(4);
    // swap two inner letters: "shirt" -> "sihrt"
    const typo = `${word[0]}${word[2]}${word[1]}${word.slice(3)}`;
    const exact = await search(word);
    const corrected = await search(typo);
    expect(corrected.data?.pageInfo.totalElements).toBe(exact.data?.pageInfo.totalElements);
    expect(corrected.data?.pageList.map((card) => card.id)).toEqual(exact.data?.pageList.map((card) => card.id));
    // the words come from the suggestion index, which answers while it is read again: an hour later no
    // typo waits for the catalogue's words (reading them took 4.8 s at 500,000 goods)
    t.clock.advance(60 * 60_000);
    const later = await recordStatements(() => search(typo));
    expect(later.result.data?.pageInfo.totalElements).toBe(exact.data?.pageInfo.totalElements);
    expect(later.statements.filter((statement) => /ts_stat/.test(statement.text)).map((statement) => statement.text)).toEqual([]);
  });

  it('reads the suggestion index’s rows in its order (most sales, then listing id), so the serving process does not sort them', async () => {
    // handed over one at a time as they arrive, none kept (SuggestionIndexBuilder folds them in)
    const rows: SuggestionEntry[] = [];
    const count = await new GoodsRepository(t.database.db).eachSuggestionEntry((row) => rows.push(row));
    expect(count).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(100);
    const [{ goods }] = await q('select count(distinct goods_id)::int as goods from seller_goods where visible');
    expect(rows).toHaveLength(goods);
    const ranked = [...rows].sort((a, b) => b.sold_num - a.sold_num || (a.listing_id < b.listing_id ? -1 : a.listing_id > b.listing_id ? 1 : 0));
    expect(rows.map((row) => row.listing_id)).toEqual(ranked.map((row) => row.listing_id));
    expect(rows.every((row) => typeof row.goods_id === 'string' && typeof row.sold_num === 'number' && typeof row.tokens === 'string')).toBe(true);
  });

  it('handles the keyword URL-encoded once or twice, as legacy clients send it', async () => {
    const plain = await search(chineseName.split(' ')[0] as string);
    const once = await search(encodeURIComponent(chineseName.split(' ')[0] as string));
    const twice = await search(encodeURIComponent(encodeURIComponent(chineseName.split(' ')[0] as string)));
    expect(once.data?.pageInfo.totalElements).toBe(plain.data?.pageInfo.totalElements);
    expect(twice.data?.pageInfo.totalElements).toBe(plain.data?.pageInfo.totalElements);
    // not valid encoding: searched as typed, no error
    expect((await search('100%')).code).toBe('0');
  });

  it('answers an empty page for nonsense, and refuses empty or over-long keywords', async () => {
    const nothing = await search('zzqxwv');
    expect(nothing.data).toEqual({ pageInfo: { pageNum: 1, pageSize: 100, totalElements: 0 }, pageList: [] });
    const empty = await t.call('sellerGoods!search', { lang: 'cn' });
    expect(empty).toMatchObject({ code: '1', errorKey: 'catalog.keyword_required', msg: '请输入搜索关键字' });
    expect((await search('   ')).errorKey).toBe('catalog.keyword_required');
    expect((await search('x'.repeat(101))).errorKey).toBe('catalog.keyword_too_long');
    expect((await search('x'.repeat(5000))).errorKey).toBe('catalog.keyword_too_long');
    // operators and quotes are only text
    expect((await search("dress & | ! ( ) : * ' \\")).code).toBe('0');
  });

  it('applies the list filters and page rules to search results', async () => {
    const all = await search(englishNoun, { pageSize: 100 });
    const cheapest = await search(englishNoun, { isPrice: 1, pageSize: 100 });
    const prices = cheapest.data?.pageList.map((card) => Number((card as unknown as { sellingPrice: string }).sellingPrice)) ?? [];
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(cheapest.data?.pageInfo.totalElements).toBe(all.data?.pageInfo.totalElements);
    const pageZero = await search(englishNoun, { pageNum: 0, pageSize: 5 });
    expect(pageZero.data?.pageInfo.pageNum).toBe(1);
  });
});

describe('sellerGoods!search-keyword (suggestions)', () => {
  it('answers sellerList (shop cards) and goodsList ({goodsId, name}) in the request language', async () => {
    const [shop] = await q(`select name from shops where status = 'open' order by id limit 1`);
    const shopWord = (shop.name as string).split(' ')[0] as string;
    const byShop = await t.call<{ sellerList: { id: string; name: string }[]; goodsList: { goodsId: string; name: string }[] }>(
      'sellerGoods!search-keyword',
      { keyword: shopWord.toLowerCase(), lang: 'en' },
    );
    expect(byShop.data?.sellerList.some((card) => card.name === shop.name)).toBe(true);
    const goods = await t.call<{ sellerList: unknown[]; goodsList: { goodsId: string; name: string }[] }>('sellerGoods!search-keyword', {
      keyword: chineseName.split(' ')[0],
      lang: 'cn',
    });
    expect(goods.data?.goodsList.length).toBeGreaterThan(0);
    expect(goods.data?.goodsList.length).toBeLessThanOrEqual(10);
    expect(Object.keys(goods.data?.goodsList[0] ?? {}).sort()).toEqual(['goodsId', 'name']);
    expect(goods.data?.goodsList.some((item) => item.goodsId === sample.goods_id && item.name === chineseName)).toBe(true);
    expect(new Set(goods.data?.goodsList.map((item) => item.goodsId)).size).toBe(goods.data?.goodsList.length);
  });

  it('refuses an empty keyword with the legacy message', async () => {
    expect(await t.call('sellerGoods!search-keyword', { lang: 'cn' })).toMatchObject({ code: '1', msg: '请输入搜索关键字' });
  });
});

describe('sellerGoods!searchSellerGoods and search-goods', () => {
  it('searches within one shop, which must be named', async () => {
    const inShop = await t.call<Page>('sellerGoods!searchSellerGoods', { keyword: englishNoun, sellerId: sample.shop_id, pageSize: 100 });
    expect(inShop.data?.pageList.length).toBeGreaterThan(0);
    expect(inShop.data?.pageList.every((card) => card.sellerId === sample.shop_id)).toBe(true);
    expect((await t.call('sellerGoods!searchSellerGoods', { keyword: englishNoun })).errorKey).toBe('shops.seller_required');
    expect((await t.call('sellerGoods!searchSellerGoods', { keyword: englishNoun, sellerId: '123' })).errorKey).toBe('shops.seller_id_invalid');
  });

  it('lists every shop selling one system good', async () => {
    const [multi] = await q(`select goods_id, count(*)::int as n from seller_goods where visible group by goods_id having count(*) > 1 limit 1`);
    const result = await t.call<Page>('sellerGoods!search-goods', { goodsId: multi.goods_id });
    expect(result.data?.pageList).toHaveLength(multi.n);
    expect(result.data?.pageList.every((card) => card.goodsId === multi.goods_id)).toBe(true);
    expect((await t.call('sellerGoods!search-goods', { lang: 'cn' })).msg).toBe('请选择商品');
  });
});

describe('sellerGoods!search by relevance', () => {
  // 50 listings carry made-up words: 25 the word, 20 a longer word it begins, 5 both; sales with ties
  const word = 'zqvord';
  // (last in this file: the sales it changes would move other tests' goods between pages)
  beforeAll(async () => {
    const listings = await q(`select id from seller_goods where visible order by id limit 60`);
    for (const [index, row] of listings.entries()) {
      const words = index < 25 ? word : index < 45 ? `${word}ik` : index < 50 ? `${word} ${word}ik` : undefined;
      // the best sellers of the catalogue, so that walks of the sales index meet them among the others
      const sold = 1_000_000 + ((index * 7) % 5);
      if (words) await q(`update seller_goods set search_tokens = search_tokens || ' ' || $2, sold_num = $3 where id = $1`, [row.id, words, sold]);
      else await q(`update seller_goods set sold_num = $2 where id = $1`, [row.id, sold]);
    }
    // the suggestion index's counts decide which parts walk the sales index (read as a serving process starts)
    await t.services.goods.prepareSuggestions();
  });

  /** The order by its definition: every match sorted, the whole word first, then sales, then id. */
  async function definition(keyword: string, shopId?: string): Promise<string[]> {
    const rows = await q(
      `select id from seller_goods where visible and search_vector @@ to_tsquery('simple', $1 || ':*') and ($3::text is null or shop_id = $3)
       order by (search_vector @@ to_tsquery('simple', $2))::int desc, sold_num desc, id`,
      [keyword, keyword, shopId ?? null],
    );
    return rows.map((row) => row.id as string);
  }

  async function allPages(keyword: string, pageSize: number, sellerId?: string): Promise<{ ids: string[]; totals: number[] }> {
    const ids: string[] = [];
    const totals: number[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const page = sellerId
        ? await t.call<Page>('sellerGoods!searchSellerGoods', { keyword, sellerId, lang: 'en', pageNum, pageSize })
        : await search(keyword, { pageNum, pageSize });
      expect(page.code).toBe('0');
      totals.push(page.data?.pageInfo.totalElements ?? -1);
      if ((page.data?.pageList.length ?? 0) === 0) return { ids, totals };
      ids.push(...(page.data?.pageList ?? []).map((card) => card.id));
    }
  }

  it('shows the listings with the whole word first, then those with it only as a prefix, best sellers first, on every page', async () => {
    const expected = await definition(word);
    expect(expected).toHaveLength(50);
    // pages of 7: the first four come from the 30 whole-word matches alone, the fifth straddles them
    const paged = await allPages(word, 7);
    expect(paged.ids).toEqual(expected);
    expect(new Set(paged.totals)).toEqual(new Set([50]));
    expect((await allPages(word, 100)).ids).toEqual(expected);
    // the longer word is a whole word of its own listings
    expect((await allPages(`${word}ik`, 6)).ids).toEqual(await definition(`${word}ik`));
  });

  it('reads the same pages whether each part walks the sales index, gives up after a few listings, or reads the text index', async () => {
    const repository = new GoodsRepository(t.database.db);
    const now = new Date('2026-08-01T00:00:00.000Z');
    for (const keyword of [word, word.slice(0, -1)]) {
      const expected = await definition(keyword);
      const search = { mode: 'fulltext' as const, tsQuery: `${keyword}:*`, exactQuery: keyword, terms: [{ text: keyword, prefix: true }] };
      for (const walks of [{}, { exact: 1 }, { prefixed: 3 }, { exact: 5, prefixed: 5 }, { exact: 12, prefixed: 40 }, { exact: 10_000, prefixed: 10_000 }]) {
        for (const pageSize of [3, 7]) {
          const ids: string[] = [];
          for (let offset = 0; offset <= expected.length; offset += pageSize) {
            ids.push(...(await repository.list({ search }, 'relevance', pageSize, offset, now, walks)).map((row) => row.id));
          }
          expect(ids, `${keyword} ${JSON.stringify(walks)} ${pageSize}`).toEqual(expected);
        }
      }
    }
  });

  it('ranks the same way within one shop (searchSellerGoods), and with only prefix matches', async () => {
    const [shop] = await q(
      `select shop_id from seller_goods where visible and search_vector @@ to_tsquery('simple', $1 || ':*') group by shop_id order by count(*) desc, shop_id limit 1`,
      [word],
    );
    const expected = await definition(word, shop?.shop_id as string);
    expect(expected.length).toBeGreaterThan(3);
    expect((await allPages(word, 3, shop?.shop_id as string)).ids).toEqual(expected);
    // no listing has the word "zqvor": every match is a prefix match
    expect((await allPages(word.slice(0, -1), 9)).ids).toEqual(await definition(word.slice(0, -1)));
  });

  it('gives the same pages when the counts the walks go by are stale (the walks give up)', async () => {
    // most listings lose the word after the index counted them
    await q(`update seller_goods set search_tokens = replace(search_tokens, ' ${word}ik', '') where search_tokens like '% ${word}ik' and abs(hashtext(id)) % 4 <> 0`);
    await q(`update seller_goods set search_tokens = replace(search_tokens, ' ${word}', '') where search_tokens like '% ${word}' and abs(hashtext(id)) % 4 <> 0`);
    t.services.goods.forgetCached();
    for (const keyword of [word, `${word}ik`]) {
      const expected = await definition(keyword);
      expect(expected.length).toBeLessThan(30);
      for (const pageSize of [1, 2, 5]) expect((await allPages(keyword, pageSize)).ids).toEqual(expected);
    }
  });
});
