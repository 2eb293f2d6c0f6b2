import { money, parseMoney } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { ADDRESS, buyer, listing, orderRow, placeOrder, stockOf, submit } from '../support/orders.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, fund, SAFEWORD } from '../support/wallet.ts';

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 120, shops: 6 });
const SYSTEM = { type: 'system' as const, id: 'test', reason: 'test setting' };

async function orderCount(buyerId: string): Promise<number> {
  return (await t.database.pool.query<{ n: number }>('select count(*)::int as n from orders where buyer_id = $1', [buyerId])).rows[0]?.n ?? 0;
}

describe('order!submit', () => {
  it('prices on the server, one order per seller, reserves stock and writes the timeline', async () => {
    const user = await buyer(t);
    const a = await listing(t, 50);
    const b = await listing(t, 50, { excludeShop: a.shopId });
    await t.services.settings.set(t.database.db, 'order_tax_rate', '0.05', SYSTEM);
    await t.services.settings.set(t.database.db, 'order_service_fee_rate', '0.01', SYSTEM);
    try {
      const response = await submit(t, user, [
        { sellerGoodsId: a.sellerGoodsId, skuId: a.skuId, goodsNum: 3 },
        { sellerGoodsId: b.sellerGoodsId, goodsNum: 2 },
      ]);
      expect(response.code).toBe('0');
      const orders = response.data?.orderList ?? [];
      expect(orders.map((order) => order.sellerId).sort()).toEqual([a.shopId, b.shopId].sort());

      // the same figures computed independently from the catalogue rows
      const expected = async (line: typeof a, quantity: number) => {
        const unit = money.round(money.mulRatio(parseMoney(line.skuPrice), money.add(parseMoney('1'), parseMoney(line.profitRatio)), 'down'), 2, 'down');
        const goods = money.mulInt(unit, quantity);
        const freightRow = (await t.database.pool.query<{ f: string }>('select (freight_dispatch + freight_long_distance + freight_delivery)::text as f from goods where id = $1', [line.goodsId])).rows[0];
        const freight = parseMoney(Number(freightRow?.f).toFixed(10).replace(/0+$/, '').replace(/\.$/, ''));
        const tax = money.round(money.mulRatio(goods, '0.05'), 2);
        const fee = money.round(money.mulRatio(goods, '0.01'), 2);
        return { goods: money.format(goods, { decimals: 2 }), total: money.format(money.sum([goods, freight, tax, fee]), { decimals: 2 }), tax: money.format(tax, { decimals: 2 }) };
      };
      const orderA = orders.find((order) => order.sellerId === a.shopId);
      const want = await expected(a, 3);
      expect(orderA).toMatchObject({ prizeReal: want.goods, totalPrice: want.total, tax: want.tax, goodsCount: 3, status: 0 });
      expect(await stockOf(t, a.skuId)).toBe(47);
      expect(await stockOf(t, b.skuId)).toBe(48);

      const timeline = await t.call<{ log: string; createTime: string }[]>('orderLog!list', { orderId: orderA?.id, lang: 'en' }, { token: user.token });
      expect(timeline.data?.map((entry) => entry.log)).toEqual(['Order placed, awaiting payment']);
      const zh = await t.call<{ log: string }[]>('orderLog!list', { orderId: orderA?.id, lang: 'cn' }, { token: user.token });
      expect(zh.data?.[0]?.log).toBe('订单已提交，等待付款');
    } finally {
      await t.services.settings.set(t.database.db, 'order_tax_rate', '0', SYSTEM);
      await t.services.settings.set(t.database.db, 'order_service_fee_rate', '0', SYSTEM);
    }
  });

  it('accepts the legacy delimited orderInfo and ignores any price the client sends', async () => {
    const user = await buyer(t);
    const a = await listing(t, 10);
    const response = await t.call<{ orderList: { prizeReal: string }[] }>(
      'order!submit',
      { orderInfo: `${a.sellerGoodsId},2,${a.skuId}`, addressId: user.addressId, price: '0.01', totalPrice: '0.01' },
      { token: user.token },
    );
    expect(response.code).toBe('0');
    const unit = money.round(money.mulRatio(parseMoney(a.skuPrice), money.add(parseMoney('1'), parseMoney(a.profitRatio)), 'down'), 2, 'down');
    expect(response.data?.orderList[0]?.prizeReal).toBe(money.format(money.mulInt(unit, 2), { decimals: 2 }));
  });

  it.each([
    ['no orderInfo', { orderInfo: undefined }, 'orders.order_info_invalid'],
    ['an empty list', { orderInfo: '[]' }, 'orders.order_info_invalid'],
    ['broken JSON', { orderInfo: '[{"sellerGoodsId":' }, 'orders.order_info_invalid'],
    ['a malformed id', { orderInfo: JSON.stringify([{ sellerGoodsId: 'x', goodsNum: 1 }]) }, 'orders.order_info_invalid'],
    ['a fractional quantity', { orderInfo: JSON.stringify([{ sellerGoodsId: 'a'.repeat(32), goodsNum: 1.5 }]) }, 'orders.order_info_invalid'],
    ['an unknown listing', { orderInfo: JSON.stringify([{ sellerGoodsId: 'a'.repeat(32), goodsNum: 1 }]) }, 'orders.goods_not_found'],
    ['no address', { addressId: undefined }, 'orders.address_required'],
  ])('refuses %s', async (_name, params, key) => {
    const user = await buyer(t);
    const a = await listing(t, 5);
    const response = await t.call('order!submit', { orderInfo: JSON.stringify([{ sellerGoodsId: a.sellerGoodsId, goodsNum: 1 }]), addressId: user.addressId, ...params }, { token: user.token });
    expect(response.errorKey).toBe(key);
    expect(await orderCount(user.id)).toBe(0);
    expect(await stockOf(t, a.skuId)).toBe(5);
  });

  it('refuses quantities outside [buyMin, the configured maximum], off-shelf, sold-out and own goods, and foreign addresses', async () => {
    const user = await buyer(t);
    const a = await listing(t, 5);
    const line = (goodsNum: number) => [{ sellerGoodsId: a.sellerGoodsId, goodsNum }];
    expect((await submit(t, user, line(0))).errorKey).toBe('orders.quantity_below_min');
    expect((await submit(t, user, line(501))).errorKey).toBe('orders.quantity_above_max');
    expect((await submit(t, user, line(6))).errorKey).toBe('orders.sold_out');
    const other = await buyer(t);
    expect((await submit(t, user, line(1), { addressId: other.addressId })).errorKey).toBe('orders.address_not_found');
    await t.database.pool.query('update seller_goods set is_shelf = false, visible = false where id = $1', [a.sellerGoodsId]);
    expect((await submit(t, user, line(1))).errorKey).toBe('orders.goods_off_shelf');
    await t.database.pool.query('update seller_goods set is_shelf = true, visible = true where id = $1', [a.sellerGoodsId]);
    const ownAddress = await t.services.addresses.add(a.shopId, ADDRESS);
    await expect(t.services.checkout.submit(a.shopId, { lines: [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 1 }], addressId: ownAddress.id })).rejects.toMatchObject({ key: 'orders.own_goods' });
    expect(await orderCount(user.id)).toBe(0);
    expect(await stockOf(t, a.skuId)).toBe(5);
  });

  it('reserves nothing when one line of a checkout is sold out, whichever SKU comes first', async () => {
    // the reservations are written together (in SKU id order) and read after: the one that ran
    // before or after the refusal is rolled back with it
    const user = await buyer(t);
    const [a, b] = [await listing(t, 5), await listing(t, 1)];
    const refused = await submit(t, user, [
      { sellerGoodsId: a.sellerGoodsId, goodsNum: 2 },
      { sellerGoodsId: b.sellerGoodsId, goodsNum: 2 },
    ]);
    expect(refused.errorKey).toBe('orders.sold_out');
    expect(await orderCount(user.id)).toBe(0);
    expect([await stockOf(t, a.skuId), await stockOf(t, b.skuId)]).toEqual([5, 1]);
    // the same basket within the stock places both orders
    const placed = await submit(t, user, [
      { sellerGoodsId: a.sellerGoodsId, goodsNum: 2 },
      { sellerGoodsId: b.sellerGoodsId, goodsNum: 1 },
    ]);
    expect(placed.code, placed.msg).toBe('0');
    expect([await stockOf(t, a.skuId), await stockOf(t, b.skuId)]).toEqual([3, 0]);
  });

  it('refuses an order below the minimum amount and more unpaid orders than the cap', async () => {
    const user = await buyer(t);
    const a = await listing(t, 100);
    await t.services.settings.set(t.database.db, 'order_min_amount', '1000000', SYSTEM);
    expect((await submit(t, user, [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 1 }])).errorKey).toBe('orders.amount_below_min');
    await t.services.settings.set(t.database.db, 'order_min_amount', '0', SYSTEM);
    await t.services.settings.set(t.database.db, 'order_max_unpaid', 2, SYSTEM);
    try {
      await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
      t.clock.advance(10_000);
      await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 2 });
      t.clock.advance(10_000);
      expect((await submit(t, user, [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 3 }])).errorKey).toBe('orders.too_many_unpaid');
      expect(await orderCount(user.id)).toBe(2);
      expect(await stockOf(t, a.skuId)).toBe(97);
    } finally {
      await t.services.settings.set(t.database.db, 'order_max_unpaid', 10, SYSTEM);
    }
  });

  it('never lets concurrent checkouts of one buyer pass the cap of unpaid orders', async () => {
    const user = await buyer(t);
    const a = await listing(t, 1000);
    await t.services.settings.set(t.database.db, 'order_max_unpaid', 3, SYSTEM);
    try {
      // distinct baskets (not double clicks), all at once
      const results = await Promise.all(Array.from({ length: 10 }, (_, index) => submit(t, user, [{ sellerGoodsId: a.sellerGoodsId, goodsNum: index + 1 }])));
      expect(results.filter((result) => result.code === '0')).toHaveLength(3);
      expect(results.filter((result) => result.errorKey === 'orders.too_many_unpaid')).toHaveLength(7);
      expect(await orderCount(user.id)).toBe(3);
      const placed = results.filter((result) => result.code === '0').reduce((sum, result) => sum + Number((result.data as { orderList: { goodsCount: number }[] }).orderList[0]?.goodsCount ?? 0), 0);
      expect(await stockOf(t, a.skuId)).toBe(1000 - placed);
    } finally {
      await t.services.settings.set(t.database.db, 'order_max_unpaid', 10, SYSTEM);
    }
  });

  it('turns a double click into one order, and replays an Idempotency-Key', async () => {
    const user = await buyer(t);
    const a = await listing(t, 100);
    const line = [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 1 }];
    const clicks = await Promise.all([submit(t, user, line), submit(t, user, line)]);
    expect(clicks.map((click) => click.errorKey ?? 'ok').sort()).toEqual(['ok', 'orders.duplicate_submission']);
    expect(await orderCount(user.id)).toBe(1);
    // the same basket again later is a new order
    t.clock.advance(6_000);
    expect((await submit(t, user, line)).code).toBe('0');

    const other = await buyer(t);
    const headers = { 'idempotency-key': 'checkout-42' };
    const first = await submit(t, other, line, { headers });
    const replay = await submit(t, other, line, { headers });
    expect(replay.data).toEqual(first.data);
    expect(await orderCount(other.id)).toBe(1);
    expect(await stockOf(t, a.skuId)).toBe(97);
    // a replay reads its orders back as they are now: paid since, it says so
    const placed = (first.data as { orderList: { id: string; status: number }[] }).orderList[0];
    await fund(t, other, '1000');
    expect((await t.call('order!pay', { orderId: placed?.id ?? '', safeword: SAFEWORD }, { token: other.token })).code).toBe('0');
    const later = await submit(t, other, line, { headers });
    expect((later.data as { orderList: { id: string; status: number }[] }).orderList.map((order) => [order.id, order.status])).toEqual([[placed?.id, 1]]);
    expect(placed?.status).toBe(0);
    expect(await orderCount(other.id)).toBe(1);
  });

  it('a replay answers its orders though the stock ran out since, and a refusal is the key\'s outcome', async () => {
    const user = await buyer(t);
    const a = await listing(t, 3);
    const line = [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 3 }];
    const first = await submit(t, user, line, { headers: { 'idempotency-key': 'all-of-it' } });
    expect(first.code, first.msg).toBe('0');
    expect(await stockOf(t, a.skuId)).toBe(0);
    // the claim comes first: nothing is reserved again, and the sold-out stock is not what answers
    expect((await submit(t, user, line, { headers: { 'idempotency-key': 'all-of-it' } })).data).toEqual(first.data);
    const refused = await submit(t, user, line, { headers: { 'idempotency-key': 'too-late' } });
    expect(refused.errorKey).toBe('orders.sold_out');
    await t.database.pool.query('update goods_skus set stock = 3 where id = $1', [a.skuId]);
    expect((await submit(t, user, line, { headers: { 'idempotency-key': 'too-late' } })).errorKey).toBe('orders.sold_out');
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(t, a.skuId)).toBe(3);
  });

  it('12 concurrent submissions with one Idempotency-Key: one order, the stock reserved once, identical answers', async () => {
    const user = await buyer(t);
    const a = await listing(t, 50);
    const line = [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 2 }];
    const headers = { 'idempotency-key': 'checkout-burst' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => submit(t, user, line, { headers })));
    // the rate limit of money calls may refuse some before they reach the store; every other answer is the one order
    const through = answers.filter((answer) => answer.errorKey !== 'common.too_frequent');
    expect(through.length).toBeGreaterThan(1);
    for (const answer of through) expect(answer.data, answer.msg).toEqual(through[0]?.data);
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(t, a.skuId)).toBe(48);
  });

  it('200 concurrent buyers for the last 100 units: exactly 100 orders, never oversold', async () => {
    const a = await listing(t, 100);
    const buyers = [];
    for (let batch = 0; batch < 10; batch += 1) buyers.push(...(await Promise.all(Array.from({ length: 20 }, () => buyer(t)))));
    const results = await Promise.all(buyers.map((user) => submit(t, user, [{ sellerGoodsId: a.sellerGoodsId, goodsNum: 1 }])));
    expect(results.filter((result) => result.code === '0')).toHaveLength(100);
    expect(new Set(results.filter((result) => result.code !== '0').map((result) => result.errorKey))).toEqual(new Set(['orders.sold_out']));
    expect(await stockOf(t, a.skuId)).toBe(0);
    const reserved = await t.database.pool.query<{ n: number }>("select coalesce(sum(quantity), 0)::int as n from order_items where sku_id = $1", [a.skuId]);
    expect(reserved.rows[0]?.n).toBe(100);
    // the 100 winners pay at once: 100 paid, nothing oversold
    const winners = buyers.map((user, index) => ({ user, id: results[index]?.data?.orderList[0]?.id })).filter((entry) => entry.id !== undefined);
    await Promise.all(winners.map(({ user }) => fund(t, user, '100000')));
    const paid = await Promise.all(winners.map(({ user, id }) => t.services.payments.pay(user.id, id ?? '', SAFEWORD).then(() => 'ok', (error: { key?: string }) => error.key)));
    expect(paid.filter((outcome) => outcome === 'ok')).toHaveLength(100);
    const statuses = await t.database.pool.query<{ status: string; n: number }>("select o.status, count(*)::int as n from orders o join order_items i on i.order_id = o.id where i.sku_id = $1 group by o.status", [a.skuId]);
    expect(statuses.rows).toEqual([{ status: 'paid', n: 100 }]);
    expect(await stockOf(t, a.skuId)).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('needs a login', async () => {
    expect((await t.call('order!submit', { orderInfo: '[]', addressId: 'a'.repeat(32) }, { remoteAddress: nextAddress() })).code).toBe('403');
  });

  it('keeps the order row for the reads', async () => {
    const user = await buyer(t);
    const a = await listing(t, 3);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    expect(await orderRow(t, id)).toMatchObject({ status: 'pending_payment', refund_state: 'none' });
  });

  it('places a checkout of many lines, beyond the shapes read and written by named statements', async () => {
    const user = await buyer(t);
    // 21 listings of distinct goods (the file's last test: the orders it leaves touch no other test's goods)
    const rows = await t.database.pool.query<{ id: string; shop_id: string; sku: string }>(
      `select distinct on (sg.goods_id) sg.id, sg.shop_id, (select s.id from goods_skus s where s.goods_id = sg.goods_id order by s.sort, s.id limit 1) as sku
         from seller_goods sg join goods g on g.id = sg.goods_id
        where sg.visible and sg.discount_ratio is null and g.buy_min = 1
        order by sg.goods_id desc, sg.id limit 21`,
    );
    const many = rows.rows;
    expect(many).toHaveLength(21);
    for (const goods of many) await t.database.pool.query('update goods_skus set stock = 50 where id = $1', [goods.sku]);
    const shops = new Set(many.map((goods) => goods.shop_id));
    const response = await submit(t, user, many.map((goods) => ({ sellerGoodsId: goods.id, goodsNum: 2 })));
    expect(response.errorKey ?? 'ok').toBe('ok');
    const placed = (response.data as { orderList: { goodsCount: number }[] }).orderList;
    expect(placed).toHaveLength(shops.size);
    expect(placed.reduce((sum, order) => sum + order.goodsCount, 0)).toBe(42);
    for (const goods of many) expect(await stockOf(t, goods.sku)).toBe(48);
    const items = await t.database.pool.query<{ n: number }>('select count(*)::int as n from order_items i join orders o on o.id = i.order_id where o.buyer_id = $1', [user.id]);
    expect(items.rows[0]?.n).toBe(21);
  });
});
