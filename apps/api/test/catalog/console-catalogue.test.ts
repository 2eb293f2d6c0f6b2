import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken } from '../support/wallet.ts';

// The catalogue in the console: the category tree (create, translations with English fallback, order,
// enable and disable) and the platform's goods (paged list with filters, edit with an exact wholesale
// price that variants and every shop's selling price follow, off and on every shop's shelf). Admin
// only changes; finance and support look; every change audited with before and after, refusals
// change nothing.

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t, { products: 60, shops: 6 });
const q = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows as T[]);

interface Category {
  id: string;
  parentId: string | null;
  level: number;
  rank: number;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  enabled: boolean;
  children: Category[];
}
interface Goods {
  id: string;
  names: Record<string, string>;
  systemPrice: string;
  enabled: boolean;
  listings: number;
  visibleListings: number;
  skus?: { id: string; price: string }[];
}
interface Page<T> {
  items: T[];
  total: number;
  totalIsLowerBound?: boolean;
}
interface AuditItem {
  action: string;
  reason: string | null;
  actorName: string;
  detail: Record<string, unknown>;
}

const admin = await operatorToken(t, 'admin');
const audit = async (targetType: string, targetId: string) => (await consoleCall<{ items: AuditItem[] }>(t, 'GET', `/audit?targetType=${targetType}&targetId=${targetId}`, admin.token)).body.items;
const tree = async (token = admin.token) => (await consoleCall<{ items: Category[] }>(t, 'GET', '/catalog/categories', token)).body.items;
const storeTree = async (lang: string) => (await t.call<{ id: string; name: string; des: string; subList: { id: string; name: string }[] }[]>('category!tree', { lang }, { method: 'GET' })).data ?? [];
const storeList = async (params: Record<string, unknown>) => (await t.call<{ pageList: { id: string; goodsId: string; sellingPrice: string }[] }>('sellerGoods!list', { lang: 'en', pageSize: 100, ...params })).data?.pageList ?? [];

describe('categories', () => {
  it('lists the whole tree, disabled categories too, to every role; only admin changes it', async () => {
    const items = await tree();
    expect(items).toHaveLength(20);
    expect(items.reduce((total, top) => total + top.children.length, 0)).toBe(150);
    expect(items[0]?.names).toMatchObject({ en: expect.any(String), 'zh-CN': expect.any(String) });
    for (const role of ['finance', 'support'] as const) {
      const operator = await operatorToken(t, role);
      expect((await tree(operator.token)).length, role).toBe(20);
      expect(await consoleCall(t, 'POST', '/catalog/categories', operator.token, { names: { en: 'Tools' }, descriptions: { en: 'Tools' } }), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
      expect(await consoleCall(t, 'POST', `/catalog/categories/${items[0]?.id}/disable`, operator.token, { reason: 'try' }), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    }
    expect(await consoleCall(t, 'GET', '/catalog/categories', undefined)).toMatchObject({ status: 401, body: { errorKey: 'operators.not_logged_in' } });
  });

  it('creates a top-level category and a child, last in their level; the store shows them with English where a language is missing', async () => {
    const top = await consoleCall<Category>(t, 'POST', '/catalog/categories', admin.token, { names: { en: 'Garden', 'zh-CN': '园艺', 'zh-TW': '' }, descriptions: { en: 'Plants and tools' }, reason: 'new range' });
    expect(top).toMatchObject({ status: 200, body: { level: 1, parentId: null, names: { en: 'Garden', 'zh-CN': '园艺' }, enabled: true } });
    expect((await tree()).at(-1)?.id).toBe(top.body.id);
    expect(top.body.names).not.toHaveProperty('zh-TW');
    const child = await consoleCall<Category>(t, 'POST', '/catalog/categories', admin.token, { parentId: top.body.id, names: { en: 'Seeds' }, descriptions: { en: 'Seeds' } });
    expect(child.body).toMatchObject({ level: 2, parentId: top.body.id, rank: 0 });

    const zhTW = (await storeTree('tw')).find((node) => node.id === top.body.id);
    expect(zhTW).toMatchObject({ name: 'Garden', des: 'Plants and tools', subList: [{ id: child.body.id, name: 'Seeds' }] });
    expect((await storeTree('cn')).find((node) => node.id === top.body.id)?.name).toBe('园艺');
    expect((await audit('category', top.body.id)).map((entry) => [entry.action, entry.reason, entry.actorName])).toEqual([['category.create', 'new range', admin.username]]);
  });

  it('refuses a third level, an unknown parent, a missing English name, unknown languages and over-long names, writing nothing', async () => {
    const before = (await q<{ n: number }>('select count(*)::int as n from categories'))[0]?.n;
    const [top] = await tree();
    const second = top?.children[0]?.id;
    expect(await consoleCall(t, 'POST', '/catalog/categories', admin.token, { parentId: second, names: { en: 'Deep' }, descriptions: { en: 'x' } })).toMatchObject({ status: 400, body: { errorKey: 'catalog.category_parent_invalid' } });
    expect(await consoleCall(t, 'POST', '/catalog/categories', admin.token, { parentId: 'nope', names: { en: 'Deep' }, descriptions: { en: 'x' } })).toMatchObject({ status: 400, body: { errorKey: 'catalog.category_parent_invalid' } });
    for (const names of [{ en: ' ' }, { 'zh-CN': '园艺' }, { en: 'Garden', fr: 'Jardin' }, { en: 'x'.repeat(61) }]) {
      expect(await consoleCall(t, 'POST', '/catalog/categories', admin.token, { names, descriptions: { en: 'x' } }), JSON.stringify(names)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    expect((await q<{ n: number }>('select count(*)::int as n from categories'))[0]?.n).toBe(before);
  });

  it('edits a translation (before and after audited); the store reads it at once', async () => {
    const [top] = await tree();
    const id = top?.id ?? '';
    const edited = await consoleCall<Category>(t, 'POST', `/catalog/categories/${id}`, admin.token, { names: { en: top?.names.en, 'zh-CN': top?.names['zh-CN'], 'zh-TW': '女裝精選' }, descriptions: top?.descriptions, reason: 'Traditional Chinese name' });
    expect(edited).toMatchObject({ status: 200, body: { names: { 'zh-TW': '女裝精選' } } });
    expect((await storeTree('tw')).find((node) => node.id === id)?.name).toBe('女裝精選');
    const [entry] = await audit('category', id);
    expect(entry).toMatchObject({ action: 'category.update', reason: 'Traditional Chinese name', detail: { before: { names: { 'zh-TW': top?.names['zh-TW'] } }, after: { names: { 'zh-TW': '女裝精選' } } } });
    expect(await consoleCall(t, 'POST', '/catalog/categories/no-such-category', admin.token, { names: { en: 'x' }, descriptions: { en: 'x' } })).toMatchObject({ status: 404, body: { errorKey: 'common.not_found' } });
  });

  it('moves a category among its siblings (the first cannot go up), audited with the order before and after', async () => {
    const [first, second] = await tree();
    const moved = await consoleCall<{ items: Category[] }>(t, 'POST', `/catalog/categories/${second?.id}/move`, admin.token, { direction: 'up' });
    expect(moved.body.items.slice(0, 2).map((node) => node.id)).toEqual([second?.id, first?.id]);
    expect(moved.body.items.map((node) => node.rank)).toEqual(moved.body.items.map((_, index) => index));
    expect((await storeTree('en')).slice(0, 2).map((node) => node.id)).toEqual([second?.id, first?.id]);
    const [entry] = await audit('category', second?.id ?? '');
    expect(entry).toMatchObject({ action: 'category.move', detail: { direction: 'up' } });
    expect((entry?.detail.after as string[]).slice(0, 2)).toEqual([second?.id, first?.id]);
    // the first stays first, and nothing is recorded
    const again = await consoleCall<{ items: Category[] }>(t, 'POST', `/catalog/categories/${second?.id}/move`, admin.token, { direction: 'up' });
    expect(again.body.items[0]?.id).toBe(second?.id);
    expect(await audit('category', second?.id ?? '')).toHaveLength(1);
    expect(await consoleCall(t, 'POST', `/catalog/categories/${second?.id}/move`, admin.token, { direction: 'sideways' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
  });

  it('disables a category with a reason (the store hides it) and enables it again', async () => {
    const [, , third] = await tree();
    const id = third?.id ?? '';
    expect(await consoleCall(t, 'POST', `/catalog/categories/${id}/disable`, admin.token, { reason: '' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    expect((await consoleCall<Category>(t, 'POST', `/catalog/categories/${id}/disable`, admin.token, { reason: 'season over' })).body.enabled).toBe(false);
    expect((await storeTree('en')).map((node) => node.id)).not.toContain(id);
    expect((await tree()).find((node) => node.id === id)?.enabled).toBe(false);
    expect((await consoleCall<Category>(t, 'POST', `/catalog/categories/${id}/enable`, admin.token, { reason: 'back in season' })).body.enabled).toBe(true);
    expect((await storeTree('en')).map((node) => node.id)).toContain(id);
    expect((await audit('category', id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['category.enable', 'back in season'],
      ['category.disable', 'season over'],
    ]);
  });
});

const [listed] = await q<{ goods_id: string }>('select goods_id from seller_goods where visible group by goods_id having count(*) >= 2 order by goods_id limit 1');
const goodsId = listed?.goods_id ?? '';

describe('goods', () => {
  it('pages the catalogue newest first, by id, words of a name and category, with listing figures', async () => {
    const page = await consoleCall<Page<Goods>>(t, 'GET', '/catalog/goods?pageSize=25', admin.token);
    expect(page.body).toMatchObject({ total: 60, totalIsLowerBound: false, page: 1, pageSize: 25 });
    expect(page.body.items).toHaveLength(25);
    const second = await consoleCall<Page<Goods>>(t, 'GET', '/catalog/goods?pageSize=25&page=3', admin.token);
    expect(second.body.items).toHaveLength(10);
    const one = await consoleCall<Page<Goods>>(t, 'GET', `/catalog/goods?q=${goodsId}`, admin.token);
    expect(one.body.items.map((item) => item.id)).toEqual([goodsId]);
    expect(one.body.items[0]?.listings).toBeGreaterThanOrEqual(2);
    expect(one.body.items[0]?.visibleListings).toBeGreaterThanOrEqual(2);

    const word = (one.body.items[0]?.names.en ?? '').split(' ')[0] ?? '';
    const byWord = await consoleCall<Page<Goods>>(t, 'GET', `/catalog/goods?q=${encodeURIComponent(word.toUpperCase())}&pageSize=100`, admin.token);
    expect(byWord.body.items.map((item) => item.id)).toContain(goodsId);
    expect(byWord.body.items.every((item) => Object.values(item.names).some((name) => name.toLowerCase().includes(word.toLowerCase())))).toBe(true);
    const zhWord = [...(one.body.items[0]?.names['zh-CN'] ?? '')].slice(0, 2).join('');
    expect((await consoleCall<Page<Goods>>(t, 'GET', `/catalog/goods?q=${encodeURIComponent(zhWord)}&pageSize=100`, admin.token)).body.items.map((item) => item.id)).toContain(goodsId);
    expect((await consoleCall<Page<Goods>>(t, 'GET', '/catalog/goods?q=%25', admin.token)).body.total).toBe(0);

    const [categories] = await q<{ category_id: string; top_category_id: string }>('select category_id, top_category_id from goods where id = $1', [goodsId]);
    for (const categoryId of [categories?.category_id, categories?.top_category_id]) {
      const filtered = await consoleCall<Page<Goods & { categoryId: string; topCategoryId: string }>>(t, 'GET', `/catalog/goods?categoryId=${categoryId}&pageSize=100`, admin.token);
      expect(filtered.body.items.map((item) => item.id)).toContain(goodsId);
      expect(filtered.body.items.every((item) => item.categoryId === categoryId || item.topCategoryId === categoryId)).toBe(true);
    }
    expect(await consoleCall(t, 'GET', '/catalog/goods?pageSize=101', admin.token)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    const support = await operatorToken(t, 'support');
    expect((await consoleCall(t, 'GET', `/catalog/goods/${goodsId}`, support.token)).status).toBe(200);
    expect(await consoleCall(t, 'GET', '/catalog/goods/nope', support.token)).toMatchObject({ status: 404, body: { errorKey: 'catalog.goods_not_found' } });
  });

  it('edits names and the wholesale price exactly: variants keep their ratio, every shop sells at its own margin, search finds the new name', async () => {
    const before = (await consoleCall<Goods>(t, 'GET', `/catalog/goods/${goodsId}`, admin.token)).body;
    const listings = await q<{ id: string; profit_ratio: string }>('select id, profit_ratio::text from seller_goods where goods_id = $1 order by id', [goodsId]);
    const edited = await consoleCall<Goods>(t, 'POST', `/catalog/goods/${goodsId}`, admin.token, {
      names: { en: 'Quokka Lantern Deluxe', 'zh-CN': '短尾矮袋鼠灯笼' },
      descriptions: { en: 'A lantern.' },
      systemPrice: '0.30',
      reason: 'supplier price change',
    });
    expect(edited).toMatchObject({ status: 200, body: { systemPrice: '0.30', names: { en: 'Quokka Lantern Deluxe', 'zh-CN': '短尾矮袋鼠灯笼' } } });
    // the base variant gets the price itself; the others keep their ratio, truncated to cents (exact decimals)
    const base = before.skus?.[0];
    const skus = edited.body.skus ?? [];
    expect(skus[0]).toMatchObject({ id: base?.id, price: '0.30' });
    for (const [index, sku] of (before.skus ?? []).entries()) {
      const cents = (BigInt(Math.round(Number(sku.price) * 100)) * 30n) / BigInt(Math.round(Number(base?.price) * 100));
      expect(skus[index]?.price, sku.id).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    }
    // every shop's selling price: wholesale x (1 + its profit ratio), truncated
    const prices = await q<{ id: string; selling_price: string }>('select id, selling_price::text from seller_goods where goods_id = $1 order by id', [goodsId]);
    for (const [index, listing] of listings.entries()) {
      const ratio = Math.round(Number(listing.profit_ratio) * 10_000);
      const cents = (30n * BigInt(10_000 + ratio)) / 10_000n;
      expect(Number(prices[index]?.selling_price), listing.id).toBe(Number(cents) / 100);
    }
    const search = await t.call<{ pageList: { goodsId: string; name: string }[] }>('sellerGoods!search', { keyword: 'quokka', lang: 'en' });
    expect(search.data?.pageList.map((card) => card.goodsId)).toContain(goodsId);
    expect(search.data?.pageList.find((card) => card.goodsId === goodsId)?.name).toBe('Quokka Lantern Deluxe');
    const [entry] = await audit('goods', goodsId);
    expect(entry).toMatchObject({ action: 'goods.update', reason: 'supplier price change', detail: { before: { systemPrice: before.systemPrice }, after: { systemPrice: '0.30' }, listings: listings.length } });
  });

  it('refuses prices that are not exact positive decimals, and roles other than admin, changing nothing', async () => {
    const before = await q('select system_price::text, names from goods where id = $1', [goodsId]);
    for (const systemPrice of [0.3, '0', '-1', '1.005', '1e2', 'NaN', '', ' ']) {
      expect(await consoleCall(t, 'POST', `/catalog/goods/${goodsId}`, admin.token, { names: { en: 'x' }, descriptions: { en: 'x' }, systemPrice, reason: 'try' }), String(systemPrice)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    expect(await consoleCall(t, 'POST', `/catalog/goods/${goodsId}`, admin.token, { names: { en: 'x' }, descriptions: { en: 'x' }, systemPrice: '1.00' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    const finance = await operatorToken(t, 'finance');
    expect(await consoleCall(t, 'POST', `/catalog/goods/${goodsId}`, finance.token, { names: { en: 'x' }, descriptions: { en: 'x' }, systemPrice: '1.00', reason: 'try' })).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'POST', `/catalog/goods/${goodsId}/disable`, finance.token, { reason: 'try' })).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'POST', '/catalog/goods/nope/disable', admin.token, { reason: 'try' })).toMatchObject({ status: 404, body: { errorKey: 'catalog.goods_not_found' } });
    expect(await q('select system_price::text, names from goods where id = $1', [goodsId])).toEqual(before);
  });

  it("takes a good off every shop's shelf (the store no longer lists it) and back, keeping a listing its shop took off", async () => {
    const shopListings = await q<{ id: string }>('select id from seller_goods where goods_id = $1 order by id', [goodsId]);
    const [kept, offByShop] = shopListings;
    await q('update seller_goods set is_shelf = false, visible = false where id = $1', [offByShop?.id]);
    const off = await consoleCall<Goods>(t, 'POST', `/catalog/goods/${goodsId}/disable`, admin.token, { reason: 'recalled by the maker' });
    expect(off.body).toMatchObject({ enabled: false, visibleListings: 0 });
    const category_id = (await q<{ category_id: string }>('select category_id from goods where id = $1', [goodsId]))[0]?.category_id;
    expect((await storeList({ categoryId: category_id })).map((card) => card.goodsId)).not.toContain(goodsId);
    expect((await t.call<{ pageList: unknown[] }>('sellerGoods!search-goods', { goodsId, lang: 'en' })).data?.pageList).toEqual([]);
    expect((await t.call('sellerGoods!info', { sellerGoodsId: kept?.id, lang: 'en' })).errorKey).toBe('catalog.goods_not_found');
    // already off: nothing more is recorded
    await consoleCall(t, 'POST', `/catalog/goods/${goodsId}/disable`, admin.token, { reason: 'again' });

    const on = await consoleCall<Goods>(t, 'POST', `/catalog/goods/${goodsId}/enable`, admin.token, { reason: 'cleared' });
    expect(on.body).toMatchObject({ enabled: true, visibleListings: shopListings.length - 1 });
    const visible = await q<{ id: string; visible: boolean }>('select id, visible from seller_goods where goods_id = $1 order by id', [goodsId]);
    expect(visible.find((row) => row.id === offByShop?.id)?.visible).toBe(false);
    expect(visible.find((row) => row.id === kept?.id)?.visible).toBe(true);
    expect((await storeList({ categoryId: category_id })).map((card) => card.id)).toContain(kept?.id);
    expect((await audit('goods', goodsId)).slice(0, 2).map((entry) => [entry.action, entry.reason, entry.detail])).toEqual([
      ['goods.enable', 'cleared', { before: { enabled: false }, after: { enabled: true } }],
      ['goods.disable', 'recalled by the maker', { before: { enabled: true }, after: { enabled: false } }],
    ]);
  });
});
