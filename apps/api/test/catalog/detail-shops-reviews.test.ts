import { auditLog } from '@caravan/db/schema/platform';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ReviewsRepository } from '../../src/modules/reviews/reviews.repository.ts';
import { newId } from '../../src/platform/ids.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t);
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);

interface Detail {
  id: string;
  sellerId: string;
  name: string;
  des: string;
  sellingPrice: string;
  discountPrice?: string;
  viewsNum: number;
  buyMin: number;
  freightAmount: string;
  freightDispatch: string;
  freightLongDistance: string;
  freightDelivery: string;
  canSelectAttributes: { attrId: string; attrName: string; values: { valueId: string; valueName: string }[] }[];
  attributes?: { attrId: string; valueId: string; valueName: string }[];
  skus: { skuId: string; valueIds: string[]; sellingPrice: string; discountPrice?: string; stock: number }[];
  stock: number;
  isKeep?: number;
  seller: { id: string; name: string; sellerGoodsNum: number; focusNum: number; fake: number; fakeSoldNum: number; isFocus?: number };
}

const [listing] = await q(
  `select sg.id, sg.shop_id, sg.profit_ratio::text as profit, g.id as goods_id from seller_goods sg join goods g on g.id = sg.goods_id
   where sg.visible and jsonb_array_length(g.attributes) = 2 order by sg.id limit 1`,
);

function info(sellerGoodsId: string, extra: Record<string, unknown> = {}, token?: string) {
  return t.call<Detail>('sellerGoods!info', { sellerGoodsId, lang: 'en', ...extra }, token ? { token } : {});
}

describe('sellerGoods!info', () => {
  it('answers the goods with SKU attributes, variant prices from the wholesale price and the seller card', async () => {
    const detail = (await info(listing.id)).data;
    expect(detail?.id).toBe(listing.id);
    expect(detail?.des.length).toBeGreaterThan(0);
    expect(detail?.canSelectAttributes).toHaveLength(2);
    const skus = await q(`select id, price::text as price, stock from goods_skus where goods_id = $1 order by sort`, [listing.goods_id]);
    expect(detail?.skus.map((sku) => sku.skuId)).toEqual(skus.map((sku) => sku.id));
    for (const [index, sku] of skus.entries()) {
      // wholesale x (1 + profit), truncated to cents
      const expected = Math.floor(Number(sku.price) * (1 + Number(listing.profit)) * 100 + 1e-6) / 100;
      expect(Number(detail?.skus[index]?.sellingPrice)).toBeCloseTo(expected, 2);
      expect(detail?.skus[index]?.stock).toBe(sku.stock);
    }
    expect(detail?.stock).toBe(skus.reduce((total, sku) => total + sku.stock, 0));
    const freight = Number(detail?.freightDispatch) + Number(detail?.freightLongDistance) + Number(detail?.freightDelivery);
    expect(Number(detail?.freightAmount)).toBeCloseTo(freight, 2);
    expect(detail?.seller).toMatchObject({ id: listing.shop_id, fake: 0, fakeSoldNum: 0 });
    expect(detail?.seller).not.toHaveProperty('isFocus');
  });

  it('names the chosen SKU’s attributes when skuId is given ("-1" means none)', async () => {
    const detail = (await info(listing.id)).data;
    const sku = detail?.skus[0];
    const chosen = (await info(listing.id, { skuId: sku?.skuId })).data;
    expect(chosen?.attributes?.map((attribute) => attribute.valueId)).toEqual(sku?.valueIds);
    expect((await info(listing.id, { skuId: '-1' })).data?.attributes).toBeUndefined();
    expect((await info(listing.id, { skuId: 'nope' })).errorKey).toBe('common.param_invalid');
  });

  it('shows the discount price only inside the discount window', async () => {
    await q(`update seller_goods set discount_ratio = 0.25, discount_start_at = $2, discount_end_at = $3 where id = $1`, [
      listing.id,
      new Date('2026-07-31T00:00:00Z'),
      new Date('2026-08-02T00:00:00Z'),
    ]);
    t.services.goods.forgetCached();
    const during = (await info(listing.id)).data;
    expect(Number(during?.discountPrice)).toBeCloseTo(Math.floor(Number(during?.sellingPrice) * 0.75 * 100 + 1e-6) / 100, 2);
    expect(during?.skus.every((sku) => sku.discountPrice !== undefined)).toBe(true);
    t.clock.set('2026-08-02T00:00:00Z');
    t.services.goods.forgetCached();
    expect((await info(listing.id)).data?.discountPrice).toBeUndefined();
    t.clock.set('2026-08-01T00:00:00Z');
    await q(`update seller_goods set discount_ratio = null, discount_start_at = null, discount_end_at = null where id = $1`, [listing.id]);
    t.services.goods.forgetCached();
  });

  it('counts views for real (written in batches)', async () => {
    await t.services.goods.views.flush();
    const stored = async () => (await q(`select views_num from seller_goods_views where seller_goods_id = $1`, [listing.id]))[0]?.views_num ?? 0;
    const before = await stored();
    await info(listing.id);
    await info(listing.id);
    // pending views already show on the page
    expect((await info(listing.id)).data?.viewsNum).toBe(before + 3);
    await t.services.goods.views.flush();
    expect(await stored()).toBe(before + 3);
  });

  it('uses the larger of the goods minimum and the configured global minimum as buyMin', async () => {
    const [goods] = await q(`select buy_min from goods where id = $1`, [listing.goods_id]);
    expect((await info(listing.id)).data?.buyMin).toBe(goods.buy_min);
    await t.services.settings.set(t.database.db, 'mall_min_goods_number_in_order', 7, { type: 'system' });
    expect((await info(listing.id)).data?.buyMin).toBe(Math.max(7, goods.buy_min));
    await t.services.settings.set(t.database.db, 'mall_min_goods_number_in_order', 1, { type: 'system' });
  });

  it('tells a logged-in buyer whether the goods are a favourite and whether the shop is followed', async () => {
    const user = await registerUser(t);
    expect((await info(listing.id, {}, user.token)).data).toMatchObject({ isKeep: 0, seller: { isFocus: 0 } });
    await t.call('keepGoods!add', { sellerGoodsId: listing.id }, { token: user.token });
    await t.call('focusSeller!add', { sellerId: listing.shop_id }, { token: user.token });
    expect((await info(listing.id, {}, user.token)).data).toMatchObject({ isKeep: 1, seller: { isFocus: 1 } });
  });

  it('refuses unknown, malformed, off-shelf and closed-shop goods with their keys', async () => {
    expect((await info('0'.repeat(32), { lang: 'cn' })).errorKey).toBe('catalog.goods_not_found');
    expect((await info('12345')).errorKey).toBe('catalog.goods_not_found');
    expect((await t.call('sellerGoods!info', { lang: 'cn' })).msg).toBe('请选择商品');
    const [other] = await q(`select id, shop_id from seller_goods where visible and shop_id <> $1 limit 1`, [listing.shop_id]);
    await q(`update seller_goods set is_shelf = false, visible = false where id = $1`, [other.id]);
    t.services.goods.forgetCached();
    expect(await info(other.id, { lang: 'cn' })).toMatchObject({ errorKey: 'catalog.goods_off_shelf', msg: '该商品已下架' });
    await q(`update seller_goods set is_shelf = true, visible = true where id = $1`, [other.id]);
    await t.services.shops.setStatus(other.shop_id, 'suspended', { type: 'operator', id: 'op-9', reason: 'review' });
    expect(await info(other.id, { lang: 'cn' })).toMatchObject({ errorKey: 'shops.shop_unavailable', msg: '暂无店铺' });
    await t.services.shops.setStatus(other.shop_id, 'open', { type: 'operator', id: 'op-9', reason: 'cleared' });
    expect((await info(other.id)).code).toBe('0');
  });
});

describe('seller!list and seller!info', () => {
  it('lists open shops with real figures and zero fake counters', async () => {
    const page = await t.call<{ pageInfo: { totalElements: number }; pageList: { id: string; sellerGoodsNum: number; fake: number; fakeSoldNum: number; soldNum: number }[] }>(
      'seller!list',
      { pageSize: 50 },
    );
    const [{ n }] = await q(`select count(*)::int as n from shops where status = 'open'`);
    expect(page.data?.pageInfo.totalElements).toBe(n);
    for (const card of page.data?.pageList ?? []) {
      const [{ goods }] = await q(`select count(*)::int as goods from seller_goods where shop_id = $1 and visible`, [card.id]);
      expect(card.sellerGoodsNum).toBe(goods);
      expect(card).toMatchObject({ fake: 0, fakeSoldNum: 0, soldNum: 0 });
    }
    const recommended = await t.call<{ pageList: { recTime: number }[] }>('seller!list', { isRec: 1 });
    expect(recommended.data?.pageList.every((card) => card.recTime > 0)).toBe(true);
  });

  it('seller!info counts visits and followers, with isFocus when logged in', async () => {
    const before = (await t.call<{ viewsNum: number; focusNum: number }>('seller!info', { sellerId: listing.shop_id })).data;
    const user = await registerUser(t);
    await t.call('focusSeller!add', { sellerId: listing.shop_id }, { token: user.token });
    const after = (await t.call<{ viewsNum: number; focusNum: number; isFocus: number }>('seller!info', { sellerId: listing.shop_id }, { token: user.token })).data;
    // each answer includes its own visit
    expect(after?.viewsNum).toBe((before?.viewsNum ?? 0) + 1);
    expect(after?.focusNum).toBe((before?.focusNum ?? 0) + 1);
    expect(after?.isFocus).toBe(1);
    await t.services.shops.views.flush();
    const [row] = await q(`select views_num from shops where id = $1`, [listing.shop_id]);
    expect(row.views_num).toBe(after?.viewsNum);
  });

  it('answers "no shop" for unknown, pending or suspended shops, and without a shop id', async () => {
    expect(await t.call('seller!info', { sellerId: 'f'.repeat(32), lang: 'cn' })).toMatchObject({ errorKey: 'shops.shop_unavailable', msg: '暂无店铺' });
    expect((await t.call('seller!info', {})).errorKey).toBe('shops.seller_required');
    expect((await t.call('seller!info', { sellerId: 'abc' })).errorKey).toBe('shops.seller_id_invalid');
  });

  it('records an operator’s status change in the audit log', async () => {
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shop.status_changed'));
    expect(entries.some((entry) => entry.reason === 'review' && entry.actorId === 'op-9')).toBe(true);
  });
});

describe('evaluation!list and evaluation!countType', () => {
  it('are empty while there are no reviews', async () => {
    const list = await t.call('evaluation!list', { sellerGoodsId: listing.id });
    expect(list.data).toEqual({ pageInfo: { pageNum: 1, pageSize: 20, totalElements: 0 }, pageList: [], evaluationNum: 0 });
    expect((await t.call('evaluation!countType', { goodId: listing.id })).data).toEqual({
      havePicture: '0',
      positiveComments: '0',
      mediumReview: '0',
      negativeComment: '0',
    });
  });

  it('list, filter and count reviews by kind, with the reviewer masked', async () => {
    const reviewer = await registerUser(t, { username: 'reviewer42' });
    const [user] = await q(`select id from users where username_key = 'reviewer42'`);
    const repository = new ReviewsRepository();
    const base = { orderId: newId(), userId: user.id, shopId: listing.shop_id, sellerGoodsId: listing.id, goodsId: listing.goods_id, content: 'ok', isSystem: false };
    const kinds: ['good' | 'medium' | 'bad', number, string[]][] = [
      ['good', 5, ['/uploads/a.jpg', '/uploads/b.jpg']],
      ['good', 4, []],
      ['medium', 3, []],
      ['bad', 1, ['/uploads/c.jpg']],
    ];
    for (const [index, [rating, score, images]] of kinds.entries()) {
      await repository.insert(t.database.db, {
        ...base,
        id: newId(),
        orderItemId: newId(),
        rating,
        score,
        images,
        hasImages: images.length > 0,
        createdAt: new Date(Date.UTC(2026, 6, 20 + index)),
      });
    }
    void reviewer;
    const all = await t.call<{ pageInfo: { totalElements: number }; pageList: Record<string, unknown>[]; evaluationNum: number }>('evaluation!list', {
      sellerGoodsId: listing.id,
    });
    expect(all.data?.evaluationNum).toBe(4);
    expect(all.data?.pageList.map((review) => review.evaluationType)).toEqual([3, 2, 1, 1]);
    expect(all.data?.pageList[0]).toMatchObject({ userName: 'r***2', imgUrl1: '/uploads/c.jpg', imgUrl2: '', rating: 1, commentTime: '2026-07-23 08:00:00' });
    const good = await t.call<{ pageInfo: { totalElements: number }; pageList: unknown[] }>('evaluation!list', { sellerGoodsId: listing.id, evaluationType: 1 });
    expect(good.data?.pageInfo.totalElements).toBe(2);
    const pictures = await t.call<{ pageList: { imgUrl1: string }[] }>('evaluation!list', { sellerGoodsId: listing.id, evaluationType: 4 });
    expect(pictures.data?.pageList.every((review) => review.imgUrl1 !== '')).toBe(true);
    expect(pictures.data?.pageList).toHaveLength(2);
    expect((await t.call('evaluation!countType', { goodId: listing.id })).data).toEqual({
      havePicture: '2',
      positiveComments: '2',
      mediumReview: '1',
      negativeComment: '1',
    });
    expect((await t.call('evaluation!list', { sellerGoodsId: listing.id, evaluationType: 9 })).errorKey).toBe('common.param_invalid');
    expect((await t.call('evaluation!countType', {})).errorKey).toBe('catalog.goods_required');
  });
});
