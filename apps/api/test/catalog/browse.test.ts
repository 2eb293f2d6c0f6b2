import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t);
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);

interface Card {
  id: string;
  sellerId: string;
  categoryId: string;
  secondaryCategoryId: string;
  sellingPrice: string;
  discountPrice?: string;
  isNew: number;
  isHot: number;
  recTime: number;
  isKeep?: number;
}
interface Page<T> {
  pageInfo: { pageNum: number; pageSize: number; totalElements: number };
  pageList: T[];
}

function list(params: Record<string, unknown>, token?: string) {
  return t.call<Page<Card>>('sellerGoods!list', { lang: 'en', ...params }, token ? { token } : {});
}

const [topCategory] = await q(`select c.id from categories c where level = 1 and exists (select 1 from seller_goods sg where sg.top_category_id = c.id and sg.visible) order by rank limit 1`);
const [subCategory] = await q(`select category_id as id from seller_goods where visible group by category_id order by count(*) desc limit 1`);

describe('categories', () => {
  it('category!tree answers 20 top categories with their second level, in the request language', async () => {
    const tree = await t.call<{ id: string; categoryId: string; name: string; subList: { name: string; parentId: string }[] }[]>('category!tree', { lang: 'cn' }, { method: 'GET' });
    expect(tree.data).toHaveLength(20);
    expect(tree.data?.reduce((total, top) => total + top.subList.length, 0)).toBe(150);
    const women = tree.data?.[0];
    expect(women).toMatchObject({ name: '女装' });
    expect(women?.categoryId).toBe(women?.id);
    expect(women?.subList[0]?.parentId).toBe(women?.id);
    const tw = await t.call<{ name: string }[]>('category!tree', { lang: 'tw' });
    expect(tw.data?.[0]?.name).toBe('女裝');
    // languages without stored names fall back to English
    const ja = await t.call<{ name: string }[]>('category!tree', { lang: 'ja' });
    expect(ja.data?.[0]?.name).toBe("Women's Clothing");
  });

  it('hides disabled categories unless showHidden=1', async () => {
    const [hidden] = await q(`update categories set enabled = false where level = 1 and rank = 20 returning id`);
    t.services.categories.invalidate();
    const visible = await t.call<{ id: string }[]>('category!tree', {});
    expect(visible.data?.map((node) => node.id)).not.toContain(hidden.id);
    const all = await t.call<{ id: string; status: number }[]>('category!tree', { showHidden: '1' });
    expect(all.data?.find((node) => node.id === hidden.id)?.status).toBe(0);
    await q(`update categories set enabled = true where id = $1`, [hidden.id]);
    t.services.categories.invalidate();
  });

  it('category!list and category!recommend page the top level, without a total as legacy', async () => {
    const page = await t.call<Page<{ categoryId: string; name: string; iconImg: string; sort: number }>>('category!list', { pageNum: 2, pageSize: 5 });
    expect(page.data?.pageInfo).toEqual({ pageNum: 2, pageSize: 5, totalElements: 0 });
    expect(page.data?.pageList.map((card) => card.sort)).toEqual([6, 7, 8, 9, 10]);
    expect(page.data?.pageList[0]?.iconImg).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const recommended = await t.call<Page<{ sort: number }>>('category!recommend', { pageSize: 50 });
    expect(recommended.data?.pageList).toHaveLength(8);
  });

  it('category!sellerTree limits the tree to the categories a shop lists in', async () => {
    const [shop] = await q(`select shop_id from seller_goods where visible group by shop_id order by count(*) desc limit 1`);
    const used = await q(`select distinct category_id from seller_goods where shop_id = $1 and visible`, [shop.shop_id]);
    const tree = await t.call<{ subList: { id: string }[] }[]>('category!sellerTree', { sellerId: shop.shop_id }, { method: 'GET' });
    const ids = tree.data?.flatMap((top) => top.subList.map((node) => node.id)).sort();
    expect(ids).toEqual(used.map((row) => row.category_id).sort());
    expect((await t.call('category!sellerTree', { lang: 'cn' })).msg).toBe('未指定商家');
    expect((await t.call('category!sellerTree', { sellerId: 'not-an-id' })).errorKey).toBe('shops.seller_id_invalid');
  });
});

describe('sellerGoods!list', () => {
  it('answers pageInfo with the real total and pageList of goods cards', async () => {
    const [{ n }] = await q('select count(*)::int as n from seller_goods where visible');
    const page = await list({ pageNum: 1, pageSize: 20 });
    expect(page.data?.pageInfo).toEqual({ pageNum: 1, pageSize: 20, totalElements: n });
    expect(page.data?.pageList).toHaveLength(20);
    expect(page.data?.pageList[0]).toMatchObject({ isShelf: 1, soldNum: 0, sellingPrice: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(page.data?.pageList[0]).not.toHaveProperty('isKeep');
  });

  it('filters by a top or a second-level category', async () => {
    const top = await list({ categoryId: topCategory.id, pageSize: 100 });
    const [{ n }] = await q('select count(*)::int as n from seller_goods where visible and top_category_id = $1', [topCategory.id]);
    expect(top.data?.pageInfo.totalElements).toBe(n);
    expect(top.data?.pageList.every((card) => card.categoryId === topCategory.id)).toBe(true);
    const second = await list({ categoryId: subCategory.id, pageSize: 100 });
    expect(second.data?.pageList.length).toBeGreaterThan(0);
    expect(second.data?.pageList.every((card) => card.secondaryCategoryId === subCategory.id)).toBe(true);
  });

  it('filters new, hot, recommended and discounted goods', async () => {
    const newOnes = await list({ isNew: 1, pageSize: 100 });
    expect(newOnes.data?.pageList.length).toBeGreaterThan(0);
    expect(newOnes.data?.pageList.every((card) => card.isNew === 1)).toBe(true);
    const hot = await list({ isHot: '1', pageSize: 100 });
    expect(hot.data?.pageList.every((card) => card.isHot === 1)).toBe(true);
    const recommended = await list({ recTime: 1, pageSize: 100 });
    expect(recommended.data?.pageList.every((card) => card.recTime > 0)).toBe(true);
    const recTimes = recommended.data?.pageList.map((card) => card.recTime) ?? [];
    expect([...recTimes].sort((a, b) => b - a)).toEqual(recTimes);
    const discounted = await list({ discount: 1, pageSize: 100 });
    const [{ n }] = await q(
      `select count(*)::int as n from seller_goods where visible and discount_ratio is not null and discount_start_at <= $1 and discount_end_at > $1`,
      [t.clock.now()],
    );
    expect(discounted.data?.pageInfo.totalElements).toBe(n);
    expect(discounted.data?.pageList.every((card) => card.discountPrice !== undefined && Number(card.discountPrice) < Number(card.sellingPrice))).toBe(true);
  });

  it('sorts by price ascending (isPrice=1) and descending (isPrice=2)', async () => {
    const prices = (page: Page<Card> | null | undefined) => page?.pageList.map((card) => Number(card.sellingPrice)) ?? [];
    const ascending = prices((await list({ categoryId: topCategory.id, isPrice: 1, pageSize: 50 })).data);
    expect(ascending.length).toBeGreaterThan(1);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    const descending = prices((await list({ categoryId: topCategory.id, isPrice: 2, pageSize: 50 })).data);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);
  });

  it('filters one shop', async () => {
    const [shop] = await q(`select shop_id from seller_goods where visible group by shop_id order by count(*) desc limit 1`);
    const page = await list({ sellerId: shop.shop_id, pageSize: 100 });
    expect(page.data?.pageList.every((card) => card.sellerId === shop.shop_id)).toBe(true);
  });

  it('pages without overlaps or gaps', async () => {
    const all = await list({ pageSize: 30 });
    const first = await list({ pageNum: 1, pageSize: 15 });
    const second = await list({ pageNum: 2, pageSize: 15 });
    expect([...(first.data?.pageList ?? []), ...(second.data?.pageList ?? [])].map((card) => card.id)).toEqual(all.data?.pageList.map((card) => card.id));
  });

  it('resets page 0 and page 100000 to the first page and caps the page size at 100, as legacy', async () => {
    const firstId = (await list({ pageSize: 5 })).data?.pageList[0]?.id;
    for (const pageNum of [0, -1, 100_000]) {
      const page = await list({ pageNum, pageSize: 5 });
      expect(page.data?.pageInfo.pageNum).toBe(1);
      expect(page.data?.pageList[0]?.id).toBe(firstId);
    }
    expect((await list({ pageSize: 5000 })).data?.pageInfo.pageSize).toBe(100);
  });

  it('refuses non-numeric paging and ids that are not ids', async () => {
    expect((await list({ pageNum: 'two' })).errorKey).toBe('common.page_invalid');
    expect((await list({ pageSize: '1e3' })).errorKey).toBe('common.param_invalid');
    expect((await list({ categoryId: '12345' })).errorKey).toBe('catalog.category_invalid');
    expect((await list({ categoryId: 'f'.repeat(32) })).errorKey).toBe('catalog.category_invalid');
    expect((await list({ sellerId: "x' or 1=1 --" })).errorKey).toBe('shops.seller_id_invalid');
  });

  it('never shows listings off the shelf or of a shop that is not open', async () => {
    const [listing] = await q(`select id, shop_id from seller_goods where visible limit 1`);
    await q(`update seller_goods set is_shelf = false, visible = false where id = $1`, [listing.id]);
    t.services.goods.forgetCached();
    const ids = async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((pageNum) => list({ pageNum, pageSize: 100 })));
      return pages.flatMap((page) => page.data?.pageList.map((card) => card.id) ?? []);
    };
    expect(await ids()).not.toContain(listing.id);
    await t.services.shops.setStatus(listing.shop_id, 'suspended', { type: 'operator', id: 'op-1', reason: 'test' });
    const shown = await ids();
    const [{ n }] = await q(`select count(*)::int as n from seller_goods where shop_id = $1`, [listing.shop_id]);
    expect(n).toBeGreaterThan(0);
    const shopListings = await q(`select id from seller_goods where shop_id = $1`, [listing.shop_id]);
    expect(shown.filter((id) => shopListings.some((row) => row.id === id))).toEqual([]);
    await t.services.shops.setStatus(listing.shop_id, 'open', { type: 'operator', id: 'op-1', reason: 'test over' });
    await q(`update seller_goods set is_shelf = true, visible = true where id = $1`, [listing.id]);
    t.services.goods.forgetCached();
  });

  it('marks favourite goods with isKeep for a logged-in buyer', async () => {
    const user = await registerUser(t);
    const first = (await list({ pageSize: 3 })).data?.pageList[0];
    expect((await t.call('keepGoods!add', { sellerGoodsId: first?.id }, { token: user.token })).code).toBe('0');
    const page = await list({ pageSize: 3 }, user.token);
    expect(page.data?.pageList.map((card) => card.isKeep)).toEqual([1, 0, 0]);
  });
});

describe('sellerGoods!recommend_new and recommend_like', () => {
  it('answers new, recommended and hot goods in `result` (12 by default)', async () => {
    const news = await t.call<{ result: Card[] }>('sellerGoods!recommend_new', { type: 0 });
    expect(news.data?.result.length).toBeGreaterThan(0);
    expect(news.data?.result.length).toBeLessThanOrEqual(12);
    expect(news.data?.result.every((card) => card.isNew === 1)).toBe(true);
    const recommended = await t.call<{ result: Card[] }>('sellerGoods!recommend_new', { type: 1 });
    expect(recommended.data?.result.every((card) => card.recTime > 0)).toBe(true);
    const hot = await t.call<{ result: Card[] }>('sellerGoods!recommend_new', { type: 2, pageSize: 5 });
    expect(hot.data?.result.every((card) => card.isHot === 1)).toBe(true);
    expect((await t.call('sellerGoods!recommend_new', { type: 7 })).errorKey).toBe('common.param_invalid');
  });

  it('recommend_like needs a login and a shop, and answers that shop’s goods', async () => {
    const [shop] = await q(`select shop_id from seller_goods where visible group by shop_id order by count(*) desc limit 1`);
    expect((await t.call('sellerGoods!recommend_like', { sellerId: shop.shop_id })).code).toBe('403');
    const user = await registerUser(t);
    const missing = await t.call('sellerGoods!recommend_like', { lang: 'cn' }, { token: user.token });
    expect(missing).toMatchObject({ errorKey: 'shops.seller_required', msg: '未指定商家' });
    const liked = await t.call<Card[]>('sellerGoods!recommend_like', { sellerId: shop.shop_id }, { token: user.token });
    expect(liked.data?.length).toBeGreaterThan(0);
    expect(liked.data?.every((card) => card.sellerId === shop.shop_id)).toBe(true);
  });
});
