import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t);
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);
const listings = await q(`select id, shop_id from seller_goods where visible order by id limit 5`);
const shopIds = [...new Set((await q(`select id from shops where status = 'open' order by id`)).map((row) => row.id as string))];

describe('keepGoods', () => {
  it('adds, lists newest first, counts and removes favourite goods', async () => {
    const user = await registerUser(t);
    for (const [index, listing] of listings.slice(0, 3).entries()) {
      t.clock.set(new Date(Date.UTC(2026, 7, 1, 0, index)));
      const added = await t.call('keepGoods!add', { sellerGoodsId: listing.id, lang: 'cn' }, { token: user.token });
      expect(added).toMatchObject({ code: '0', msg: '操作成功' });
    }
    const page = await t.call<{ pageInfo: { totalElements: number }; pageList: { id: string; isKeep: number }[] }>('keepGoods!list', {}, { token: user.token });
    expect(page.data?.pageInfo.totalElements).toBe(3);
    expect(page.data?.pageList.map((card) => card.id)).toEqual(listings.slice(0, 3).map((row) => row.id).reverse());
    expect(page.data?.pageList.every((card) => card.isKeep === 1)).toBe(true);
    expect((await t.call('keepGoods!count', {}, { token: user.token })).data).toBe(3);
    expect((await t.call('keepGoods!del', { sellerGoodsId: listings[1]?.id }, { token: user.token })).code).toBe('0');
    expect((await t.call('keepGoods!count', {}, { token: user.token })).data).toBe(2);
    // removing something not there is harmless
    expect((await t.call('keepGoods!del', { sellerGoodsId: listings[1]?.id }, { token: user.token })).code).toBe('0');
  });

  it('refuses duplicates, missing, malformed, unknown and hidden goods', async () => {
    const user = await registerUser(t);
    const listing = listings[4];
    expect((await t.call('keepGoods!add', { sellerGoodsId: listing?.id }, { token: user.token })).code).toBe('0');
    expect(await t.call('keepGoods!add', { sellerGoodsId: listing?.id, lang: 'cn' }, { token: user.token })).toMatchObject({
      errorKey: 'favorites.already_added',
      msg: '请勿重复添加',
    });
    expect((await t.call('keepGoods!add', { lang: 'cn' }, { token: user.token })).msg).toBe('商品id不能为空');
    expect((await t.call('keepGoods!add', { sellerGoodsId: '42', lang: 'cn' }, { token: user.token })).msg).toBe('商品id错误');
    expect((await t.call('keepGoods!add', { sellerGoodsId: 'a'.repeat(32) }, { token: user.token })).errorKey).toBe('favorites.goods_id_invalid');
    const [hidden] = await q(`update seller_goods set is_shelf = false, visible = false where id = (select id from seller_goods where visible order by id desc limit 1) returning id`);
    expect((await t.call('keepGoods!add', { sellerGoodsId: hidden.id }, { token: user.token })).errorKey).toBe('favorites.goods_id_invalid');
    expect((await t.call('keepGoods!count', {}, { token: user.token })).data).toBe(1);
  });

  it('leaves goods no longer on sale out of the list', async () => {
    const user = await registerUser(t);
    const [listing] = await q(`select id from seller_goods where visible order by id desc limit 1`);
    await t.call('keepGoods!add', { sellerGoodsId: listing.id }, { token: user.token });
    await q(`update seller_goods set is_shelf = false, visible = false where id = $1`, [listing.id]);
    t.services.goods.forgetCached();
    const page = await t.call<{ pageList: unknown[] }>('keepGoods!list', {}, { token: user.token });
    expect(page.data?.pageList).toEqual([]);
  });

  it('needs a login', async () => {
    for (const call of ['keepGoods!list', 'keepGoods!add', 'keepGoods!del', 'keepGoods!count']) {
      expect((await t.call(call, { sellerGoodsId: listings[0]?.id })).code).toBe('403');
    }
  });
});

describe('focusSeller', () => {
  it('follows, lists with the shop card, counts and unfollows (sellerId or focusSellerId)', async () => {
    const user = await registerUser(t);
    for (const shopId of shopIds.slice(0, 3)) {
      expect((await t.call('focusSeller!add', { sellerId: shopId }, { token: user.token })).code).toBe('0');
    }
    const page = await t.call<{ pageInfo: { totalElements: number }; pageList: { id: string; sellerId: string; partyId: string; createTime: string; sellerVo: { id: string; isFocus: number; focusNum: number } }[] }>(
      'focusSeller!list',
      {},
      { token: user.token },
    );
    expect(page.data?.pageInfo.totalElements).toBe(3);
    const entry = page.data?.pageList[0];
    expect(entry?.sellerVo.id).toBe(entry?.sellerId);
    expect(entry?.sellerVo.isFocus).toBe(1);
    expect(entry?.sellerVo.focusNum).toBeGreaterThanOrEqual(1);
    expect(entry?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.call('focusSeller!count', {}, { token: user.token })).data).toBe(3);
    expect((await t.call('focusSeller!del', { sellerId: shopIds[0] }, { token: user.token })).code).toBe('0');
    expect((await t.call('focusSeller!del', { focusSellerId: shopIds[1] }, { token: user.token })).code).toBe('0');
    expect((await t.call('focusSeller!count', {}, { token: user.token })).data).toBe(1);
    expect((await t.call('focusSeller!del', {}, { token: user.token })).errorKey).toBe('favorites.seller_id_required');
  });

  it('refuses following twice, unknown or closed shops, one’s own shop, and sellers following shops', async () => {
    const user = await registerUser(t);
    await t.call('focusSeller!add', { sellerId: shopIds[3] }, { token: user.token });
    expect(await t.call('focusSeller!add', { sellerId: shopIds[3], lang: 'cn' }, { token: user.token })).toMatchObject({ msg: '请勿重复添加' });
    expect((await t.call('focusSeller!add', { sellerId: 'b'.repeat(32), lang: 'cn' }, { token: user.token })).msg).toBe('店家id错误');
    expect((await t.call('focusSeller!add', { lang: 'cn' }, { token: user.token })).msg).toBe('店家id不能为空');
    await t.services.shops.setStatus(shopIds[4] as string, 'suspended', { type: 'operator', id: 'op', reason: 'test' });
    expect((await t.call('focusSeller!add', { sellerId: shopIds[4] }, { token: user.token })).errorKey).toBe('favorites.seller_id_invalid');
    await t.services.shops.setStatus(shopIds[4] as string, 'open', { type: 'operator', id: 'op', reason: 'test' });

    const seller = await registerUser(t);
    const [sellerRow] = await q(`select id from users where username_key = $1`, [seller.username.toLowerCase()]);
    await t.services.accounts.promoteToSeller(sellerRow.id);
    await t.services.shops.openShop({ sellerId: sellerRow.id, name: 'My Own Shop' });
    expect(await t.call('focusSeller!add', { sellerId: sellerRow.id, lang: 'en' }, { token: seller.token })).toMatchObject({
      errorKey: 'favorites.cannot_follow_self',
      msg: 'You cannot follow your own shop',
    });
    expect((await t.call('focusSeller!add', { sellerId: shopIds[5] }, { token: seller.token })).errorKey).toBe('favorites.sellers_cannot_follow');
  });

  it('refuses followers beyond the shop’s capacity, also when they arrive at once', async () => {
    await t.services.settings.set(t.database.db, 'shop_follower_capacity', 3, { type: 'system' });
    const shopId = shopIds[6] as string;
    const [{ n: already }] = await q(`select count(*)::int as n from shop_follows where shop_id = $1`, [shopId]);
    expect(already).toBe(0);
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(t)));
    const results = await Promise.all(users.map((user) => t.call('focusSeller!add', { sellerId: shopId, lang: 'en' }, { token: user.token })));
    expect(results.filter((result) => result.code === '0')).toHaveLength(3);
    expect(results.filter((result) => result.errorKey === 'favorites.followers_full')).toHaveLength(3);
    const [{ n }] = await q(`select count(*)::int as n from shop_follows where shop_id = $1`, [shopId]);
    expect(n).toBe(3);
    await t.services.settings.set(t.database.db, 'shop_follower_capacity', 1_000_000, { type: 'system' });
  });
});
