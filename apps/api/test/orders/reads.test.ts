import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, placeOrder } from '../support/orders.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';
import { SAFEWORD } from '../support/wallet.ts';

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 60, shops: 4 });

describe('order reads', () => {
  it('lists with the legacy tabs, counts them, and shows detail and goods to the buyer and the seller only', async () => {
    const user = await buyer(t, '10000');
    const a = await listing(t, 100);
    const unpaid = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    t.clock.advance(6_000);
    const paid = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, skuId: a.skuId, goodsNum: 2 });
    await t.services.payments.pay(user.id, paid, SAFEWORD);
    t.clock.advance(6_000);
    const cancelled = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 3 });
    await t.services.payments.cancel(user.id, cancelled, '4');

    type List = { pageInfo: { totalElements: number }; pageList: { id: string; status: number; goodsCount: number; firstGoodsName: string; goodsFrom: string }[] };
    const all = await t.call<List>('order!listMain', {}, { token: user.token });
    expect(all.data?.pageList.map((order) => [order.id, order.status])).toEqual([
      [cancelled, -1],
      [paid, 1],
      [unpaid, 0],
    ]);
    expect(all.data?.pageList[0]?.firstGoodsName.length).toBeGreaterThan(0);
    expect(all.data?.pageList[0]?.goodsFrom.length).toBeGreaterThan(0);
    for (const [status, expected] of [[0, [unpaid]], [1, [paid]], [-1, [cancelled]], [3, []], [6, []]] as const) {
      const tab = await t.call<List>('order!listMain', { status }, { token: user.token });
      expect(tab.data?.pageList.map((order) => order.id)).toEqual(expected);
      expect(tab.data?.pageInfo.totalElements).toBe(expected.length);
    }
    expect((await t.call('order!listMain', { status: 9 }, { token: user.token })).errorKey).toBe('orders.status_invalid');
    const paged = await t.call<List>('order!listMain', { pageNum: 2, pageSize: 2 }, { token: user.token });
    expect(paged.data?.pageList.map((order) => order.id)).toEqual([unpaid]);

    const counts = await t.call('order!countOrderStatus', {}, { token: user.token });
    expect(counts.data).toEqual({ waitPayCount: '1', waitDeliverCount: '1', waitReceiptCount: '0', waitEvaluateCount: '0', refundCount: '0' });

    const info = await t.call<{ orderInfo: { id: string; status: number; payStatus: number; contacts: string; totalPrice: string } }>('order!info', { orderId: paid }, { token: user.token });
    expect(info.data?.orderInfo).toMatchObject({ id: paid, status: 1, payStatus: 1, contacts: 'Mei Chen' });
    const goods = await t.call<{ pageList: { skuId: string; goodsNum: number; goodsName: string }[] }>('order!listGoods', { orderId: paid }, { token: user.token });
    expect(goods.data?.pageList).toEqual([expect.objectContaining({ skuId: a.skuId, goodsNum: 2 })]);

    // another buyer sees nothing; the order's seller sees it
    const stranger = await registerUser(t);
    for (const call of ['order!info', 'order!listGoods', 'orderLog!list']) {
      expect((await t.call(call, { orderId: paid }, { token: stranger.token })).errorKey, call).toBe('orders.not_found');
    }
    expect((await t.services.orders.info(paid, { userId: a.shopId })).orderInfo.id).toBe(paid);
    expect((await t.call('order!info', { orderId: paid })).code).toBe('403');
    expect((await t.call('order!info', {}, { token: user.token })).errorKey).toBe('orders.id_required');
  });
});
