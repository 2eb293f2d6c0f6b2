// Issue 17 (cold search and listing): the statements sellerGoods!search-keyword and sellerGoods!list
// send (at most 2 each), the plans PostgreSQL picks for them with sequential scans ruled out (no Seq
// Scan on the catalogue's tables, no Sort cutting a list page: an index direction that does not match
// the query's order shows up as a Sort), and what the suggestions answer.
import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { planOf, seqScansOf, sortedPages } from '../support/plans.ts';
import { dataStatements, recordStatements, type RecordedStatement } from '../support/statements.ts';
import { SHOP_CARD_TTL_MS } from '../../src/modules/shops/shops.service.ts';
import { useTestApp } from '../support/test-app.ts';
import { walletUser } from '../support/wallet.ts';

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t, { products: 300, shops: 12 });
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);
await q('analyze seller_goods, goods, shops, shop_follows');
// main.ts reads the shop directory as a serving process starts (the keywords no open shop matches ask nothing of shops)
await t.services.shops.directory.prepare();

interface Suggestions {
  sellerList: { id: string; name: string; sellerGoodsNum: number; focusNum: number }[];
  goodsList: { goodsId: string; name: string }[];
}

// answers are micro-cached by keyword for a minute: each test asks its own keywords
const suggest = (keyword: string, lang = 'en') => t.call<Suggestions>('sellerGoods!search-keyword', { keyword, lang });

async function statementsOf(name: string, params: Record<string, unknown>) {
  const { result, statements } = await recordStatements(() => t.call(name, params));
  expect(result.code).toBe('0');
  return dataStatements(statements);
}

const HOT_TABLES = ['seller_goods', 'goods', 'shops'];

/** No Seq Scan on the catalogue's tables; with `pagesFromIndex`, no page cut after a Sort either. */
async function expectIndexedPlans(statements: RecordedStatement[], pagesFromIndex: boolean) {
  for (const statement of statements) {
    const plan = await planOf(t.database.pool, statement, { strict: pagesFromIndex });
    expect(seqScansOf(plan, HOT_TABLES), statement.text).toEqual([]);
    // a page is cut by a Limit straight over an index walk: a Sort under a Limit means the index order was not used
    if (pagesFromIndex) expect(sortedPages(plan), statement.text).toEqual([]);
  }
}

// a shop name's word that goods names hold too ("Jade ..." shops, "jade" goods), and a Chinese name
const [both] = await q(
  `select lower(w.word) as word from shops s, regexp_split_to_table(s.name, ' ') as w(word)
   where s.status = 'open' and length(w.word) >= 4
     and exists (select 1 from seller_goods sg where sg.visible and sg.search_text like '%' || lower(w.word) || '%')
   order by 1 limit 1`,
);
const [chinese] = await q(
  `select sg.goods_id, g.names ->> 'zh-CN' as name from seller_goods sg join goods g on g.id = sg.goods_id
   where sg.visible order by sg.sold_num desc, sg.id limit 1`,
);

describe('sellerGoods!search-keyword', () => {
  it('reads the suggestion index in one statement as a serving process starts, so that no keyword waits for it; keywords take at most 2', async () => {
    // main.ts calls prepareSuggestions before the server listens; without it the first keyword reads the index (a third statement)
    const prepared = await recordStatements(() => t.services.goods.prepareSuggestions());
    expect(dataStatements(prepared.statements)).toHaveLength(1);
    const [listed] = await q('select count(distinct goods_id)::int as goods from seller_goods where visible');
    expect(prepared.result).toBe(listed.goods);
    expect(prepared.result).toBeGreaterThan(0);
    const first = await statementsOf('sellerGoods!search-keyword', { keyword: 'sta' });
    expect(first.length).toBeLessThanOrEqual(2);
    for (const keyword of ['shi', 'blu', '连衣', 'zzqxwv', both.word as string]) {
      const statements = await statementsOf('sellerGoods!search-keyword', { keyword });
      expect(statements.length, keyword).toBeLessThanOrEqual(2);
    }
  });

  it("asks for shops only when an open shop's name may match the keyword: one statement for the others", async () => {
    const shopsAsked = (statements: RecordedStatement[]) => statements.filter((statement) => statement.text.includes('open_shops_named')).length;
    // a goods word's first 4 letters that PostgreSQL matches to no shop (and no other test asks: answers are micro-cached)
    const [lonely] = await q(
      `select left(w.word, 4) as keyword from (select distinct regexp_split_to_table(sg.search_text, '[^a-z]+') as word from seller_goods sg where sg.visible) w
       where length(w.word) >= 5 and not exists (select 1 from open_shops_named(left(w.word, 4), '%' || left(w.word, 4) || '%', 1))
       order by 1 desc limit 1`,
    );
    const keyword = lonely.keyword as string;
    const statements = await statementsOf('sellerGoods!search-keyword', { keyword });
    expect(shopsAsked(statements)).toBe(0);
    // the goods' names alone
    expect(statements).toHaveLength(1);
    const answer = (await suggest(keyword)).data;
    expect(answer?.sellerList).toEqual([]);
    expect(answer?.goodsList.length).toBeGreaterThan(0);
    const word = both.word as string;
    // (the name's word without its first letter: a keyword no other test asks, the answers being micro-cached)
    const matching = await statementsOf('sellerGoods!search-keyword', { keyword: word.slice(1) });
    expect(shopsAsked(matching)).toBe(1);
    // a shop opened in this process is found by its name at once (the filter stands aside until it has read it)
    const seller = await walletUser(t);
    await t.services.shops.openShop({ sellerId: seller.id, name: 'Quokka Wholesale' });
    expect((await suggest('quokk')).data?.sellerList.map((shop) => shop.name)).toEqual(['Quokka Wholesale']);
  });

  it('reads shops and goods through indexes', async () => {
    const statements = await statementsOf('sellerGoods!search-keyword', { keyword: (both.word as string).slice(0, 3) });
    expect(statements).toHaveLength(2);
    // the few shops matching by trigram are sorted by similarity: only the scans are checked
    await expectIndexedPlans(statements, false);
  });

  it('finds the shops through the trigram index, not by the similarity of every name (open_shops_named, migration 0021)', async () => {
    for (const keyword of [(both.word as string).slice(0, 3), both.word as string, 'zzqxwv']) {
      const pattern = `%${keyword}%`;
      const client = await t.database.pool.connect();
      // the connection's own scan counters (pg_stat_xact_*, which also hold its scans not yet reported):
      // what the function read is their change across the call
      const counters = async () =>
        (
          await client.query<{ seq: string; trigram: string }>(
            "select pg_stat_get_xact_numscans('shops'::regclass) as seq, pg_stat_get_xact_numscans('shops_name_trgm_idx'::regclass) as trigram",
          )
        ).rows[0]!;
      let found: string[];
      let before: { seq: string; trigram: string };
      let after: { seq: string; trigram: string };
      try {
        await client.query('begin');
        before = await counters();
        found = (await client.query<{ id: string }>('select open_shops_named($1, $2, 5) as id', [keyword, pattern])).rows.map((row) => row.id);
        after = await counters();
      } finally {
        await client.query('rollback');
        client.release();
      }
      expect(Number(after.seq) - Number(before.seq), keyword).toBe(0);
      expect(Number(after.trigram) - Number(before.trigram), keyword).toBeGreaterThan(0);
      // the same shops in the same order as the similarity computed over every open shop
      const expected = await q(
        `select id from shops where status = 'open' and ($1 <% lower(name) or lower(name) like $2)
         order by word_similarity($1, lower(name)) desc, id limit 5`,
        [keyword, pattern],
      );
      expect(found, keyword).toEqual(expected.map((row) => row.id as string));
    }
    expect((await suggest((both.word as string).slice(0, 3))).data?.sellerList.length).toBeGreaterThan(0);
  });

  it('suggests shops and goods that both match a word, shops with their figures', async () => {
    const result = await suggest((both.word as string).slice(0, 4));
    const [expectedShops] = await q(
      `select count(*)::int as n from shops where status = 'open' and lower(name) like '%' || $1 || '%'`,
      [(both.word as string).slice(0, 4)],
    );
    expect(result.data?.sellerList.length).toBe(Math.min(5, expectedShops.n));
    for (const shop of result.data?.sellerList ?? []) {
      const [figures] = await q(`select count(*) filter (where visible)::int as goods from seller_goods where shop_id = $1`, [shop.id]);
      expect(shop.sellerGoodsNum).toBe(figures.goods);
    }
    expect(result.data?.goodsList.length).toBeGreaterThan(0);
    expect(result.data?.goodsList.every((item) => item.name.toLowerCase().includes((both.word as string).slice(0, 4)))).toBe(true);
  });

  it('suggests goods by Chinese prefixes (one character, a pair, a whole name), in the request language', async () => {
    const name = chinese.name as string;
    const chars = [...name.split(' ')[0]!];
    for (const prefix of [chars[0]!, chars.slice(0, 2).join(''), name.split(' ')[0]!]) {
      const result = await suggest(prefix, 'cn');
      expect(result.data?.goodsList.length, prefix).toBeGreaterThan(0);
      expect(result.data?.goodsList.length).toBeLessThanOrEqual(10);
      expect(result.data?.goodsList.every((item) => item.name.includes(prefix)), prefix).toBe(true);
    }
    const whole = await suggest(name.split(' ')[0]!, 'cn');
    expect(whole.data?.goodsList.some((item) => item.goodsId === chinese.goods_id && item.name === name)).toBe(true);
  });

  it('answers the goods the full-text search finds, best sellers first, each good once', async () => {
    for (const keyword of ['sta', 'ste', 'cot', '防滑', 'a1']) {
      const expected = await q(
        `select sg.goods_id from seller_goods sg where sg.visible and sg.search_vector @@ to_tsquery('simple', $1)
         order by sg.sold_num desc, sg.id`,
        [/^[a-z0-9]+$/.test(keyword) ? `${keyword}:*` : keyword],
      );
      const firstTen = [...new Set(expected.map((row) => row.goods_id as string))].slice(0, 10);
      const result = await suggest(keyword);
      expect(result.data?.goodsList.map((item) => item.goodsId), keyword).toEqual(firstTen);
    }
  });

  it("leaves out of the shops' statement the figures of shops whose cards are cached, and shows the cached figures", async () => {
    const keyword = both.word as string;
    const figuresOf = async (shopId: string) =>
      (await q(`select count(*) filter (where visible)::int as goods from seller_goods where shop_id = $1`, [shopId]))[0].goods as number;
    t.clock.advance(SHOP_CARD_TTL_MS);
    const first = await recordStatements(() => t.services.shops.searchByName(keyword, 5));
    expect(first.result.length).toBeGreaterThan(0);
    const ids = first.result.map((card) => card.id);
    for (const card of first.result) expect(card.sellerGoodsNum).toBe(await figuresOf(card.id));
    const statementOf = (statements: RecordedStatement[]) => statements.find((statement) => statement.text.includes('open_shops_named')) as RecordedStatement;
    expect(statementOf(first.statements).values[3]).not.toEqual(expect.arrayContaining(ids));
    // within the cards' 10 s: the same shops, their figures from the cache, none counted again
    const second = await recordStatements(() => t.services.shops.searchByName(keyword, 5));
    expect(second.result).toEqual(first.result);
    expect(dataStatements(second.statements)).toHaveLength(1);
    const sent = statementOf(second.statements);
    expect(sent.values[3]).toEqual(expect.arrayContaining(ids));
    // what PostgreSQL answered for them: no figures (it counted none of their listings)
    const answered = await q(sent.text, sent.values);
    expect(answered.map((row) => row.goods)).toEqual(ids.map(() => 0));
    // once the cards are stale, counted again
    t.clock.advance(SHOP_CARD_TTL_MS);
    const third = await recordStatements(() => t.services.shops.searchByName(keyword, 5));
    expect(statementOf(third.statements).values[3]).not.toEqual(expect.arrayContaining(ids));
    expect(third.result).toEqual(first.result);
  });

  it('reads the names of the ten best candidates only, and of the next ones when some of those were hidden since the index was read', async () => {
    // the three letters most goods' words start with
    const [{ prefix }] = await q(
      `select left(w.word, 3) as prefix from seller_goods sg, regexp_split_to_table(sg.search_tokens, ' ') as w(word)
       where sg.visible and w.word ~ '^[a-z]{3,}$' group by 1 order by count(distinct sg.goods_id) desc, 1 limit 1`,
    );
    const matches = await q(
      `select sg.goods_id from seller_goods sg where sg.visible and sg.search_vector @@ to_tsquery('simple', $1) order by sg.sold_num desc, sg.id`,
      [`${prefix}:*`],
    );
    const best = [...new Set(matches.map((row) => row.goods_id as string))];
    expect(best.length).toBeGreaterThan(11);
    const namesAsked = (statements: RecordedStatement[]) => statements.filter((statement) => statement.text.includes('g.names ->>')).map((statement) => statement.values[0]);
    // other languages than the earlier tests': not answered from the micro-cache
    const asked = await recordStatements(() => suggest(prefix, 'de'));
    expect(asked.result.data?.goodsList.map((item) => item.goodsId)).toEqual(best.slice(0, 10));
    expect(namesAsked(asked.statements)).toEqual([best.slice(0, 10)]);
    const listings = await q('update seller_goods set visible = false where goods_id = $1 and visible returning id', [best[0]]);
    try {
      const again = await recordStatements(() => suggest(prefix, 'fr'));
      // the eleventh takes the hidden one's place
      expect(again.result.data?.goodsList.map((item) => item.goodsId)).toEqual(best.slice(1, 11));
      const names = namesAsked(again.statements);
      expect(names).toHaveLength(2);
      expect(names[0]).toEqual(best.slice(0, 10));
      expect(names[1]).toContain(best[10]);
    } finally {
      await q('update seller_goods set visible = true where id = any($1)', [listings.map((row) => row.id)]);
    }
  });

  it('leaves out a good hidden after the index was read, and finds nothing for nonsense', async () => {
    const before = await suggest(both.word as string);
    const hidden = before.data?.goodsList[0]?.goodsId;
    expect(hidden).toBeDefined();
    const listings = await q('update seller_goods set visible = false where goods_id = $1 and visible returning id', [hidden]);
    try {
      // the same words in another keyword (not answered from the micro-cache)
      const after = await suggest(`${both.word} ${both.word}`);
      expect(after.data?.goodsList.some((item) => item.goodsId === hidden)).toBe(false);
    } finally {
      await q('update seller_goods set visible = true where id = any($1)', [listings.map((row) => row.id)]);
    }
    expect((await suggest('qqzzxw')).data?.goodsList).toEqual([]);
  });
});

describe('sellerGoods!list', () => {
  it('answers a page with at most 2 statements (page, total), the total reused afterwards', async () => {
    expect((await statementsOf('sellerGoods!list', { pageNum: 1, pageSize: 20 })).length).toBeLessThanOrEqual(2);
    expect(await statementsOf('sellerGoods!list', { pageNum: 5, pageSize: 20 })).toHaveLength(1);
  });

  it('cuts pages of every default order from their index, without a Sort or a Seq Scan', async () => {
    const [category] = await q(`select category_id, top_category_id from seller_goods where visible limit 1`);
    const calls: Record<string, unknown>[] = [
      { pageNum: 7 },
      { pageNum: 3, isNew: 1 },
      { pageNum: 2, isHot: 1 },
      { pageNum: 2, isRec: 1 },
      { pageNum: 2, isPrice: 1 },
      { pageNum: 2, isPrice: 2 },
      { pageNum: 2, categoryId: category.category_id },
      { pageNum: 2, categoryId: category.top_category_id, isPrice: 1 },
    ];
    for (const params of calls) {
      const statements = await statementsOf('sellerGoods!list', { pageSize: 20, ...params });
      const pages = statements.filter((statement) => statement.text.includes('with page as'));
      expect(pages, JSON.stringify(params)).toHaveLength(1);
      await expectIndexedPlans(pages, true);
    }
  });
});
