import { money, parseMoney } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import { completionSplit } from '../../src/modules/orders/fulfilment.service.ts';
import { escrowAccountCode } from '../../src/modules/orders/payment.service.ts';
import { DAY_MS, HOUR_MS } from '../../src/platform/clock.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { newId } from '../../src/platform/ids.ts';
import { buyer, listing, orderRow, placeOrder, sellerWithListing, submit } from '../support/orders.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, expectLedgerConsistent, SAFEWORD } from '../support/wallet.ts';

// The whole life of an order: submit -> pay -> seller accepts -> platform ships -> buyer receives ->
// reviews -> completion releases the escrow (wholesale and freight to the platform, tax and fee to
// fees income, commission, the seller's margin), checked against the ledger.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 60, shops: 4 });
const SYSTEM = { type: 'system' as const, id: 'test', reason: 'journey settings' };
await t.services.settings.set(t.database.db, 'order_tax_rate', '0.05', SYSTEM);
await t.services.settings.set(t.database.db, 'order_service_fee_rate', '0.01', SYSTEM);
await t.services.settings.set(t.database.db, 'order_commission_rate', '0.1', SYSTEM);

async function platformBalance(code: string): Promise<string> {
  const rows = await t.database.pool.query<{ balance: string }>('select (credits_posted - debits_posted)::text as balance from ledger_accounts where code = $1', [code]);
  return money.format(money.fromDb(rows.rows[0]?.balance ?? '0'), { decimals: 2 });
}

async function timeline(token: string, orderId: string): Promise<string[]> {
  return ((await t.call<{ key: string }[]>('orderLog!list', { orderId }, { token })).data ?? []).map((entry) => entry.key);
}

describe('order journey', () => {
  it('submit -> pay -> push -> ship -> receipt -> review -> completion, with the seller margin and the ledger checked', async () => {
    const seller = await sellerWithListing(t, { profitRatio: '0.2' });
    const user = await buyer(t, '100000');
    const before = {
      revenue: await platformBalance('platform:goods_revenue'),
      fees: await platformBalance('platform:fees_income'),
      commission: await platformBalance('platform:commission_income'),
    };
    const id = await placeOrder(t, user, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 3 });
    expect((await t.call('order!pay', { orderId: id, safeword: SAFEWORD }, { token: user.token })).code).toBe('0');

    // the seller sees it waiting, and accepts it
    expect((await t.call('orders!noPushNum', {}, { token: seller.token, prefix: '/wap/seller/' })).data).toEqual({ noPushNum: 1, remindNum: 0 });
    // the buyer's reminder reaches the seller
    await t.call('order!remind', { orderId: id }, { token: user.token });
    expect((await t.call('orders!noPushNum', {}, { token: seller.token, prefix: '/wap/seller/' })).data).toEqual({ noPushNum: 1, remindNum: 1 });
    const list = await t.call<{ pageList: { id: string; payStatus: number; purchStatus: number }[] }>('orders!list', {}, { token: seller.token, prefix: '/wap/seller/' });
    expect(list.data?.pageList).toEqual([expect.objectContaining({ id, payStatus: 1, purchStatus: 0, reminded: 1 })]);
    expect((await t.call('orders!push', { orderId: id, safeword: '000000' }, { token: seller.token, prefix: '/wap/seller/', remoteAddress: nextAddress() })).errorKey).toBe('accounts.safeword_wrong');
    expect((await t.call('orders!push', { orderId: id, safeword: SAFEWORD }, { token: seller.token, prefix: '/wap/seller/' })).code).toBe('0');
    expect((await t.call('orders!push', { orderId: id, safeword: SAFEWORD }, { token: seller.token, prefix: '/wap/seller/', remoteAddress: nextAddress() })).errorKey).toBe('orders.cannot_confirm');
    // a buyer is no seller; another seller's order does not exist for this one
    expect((await t.call('orders!list', {}, { token: user.token, prefix: '/wap/seller/' })).errorKey).toBe('common.no_permission');
    const otherSeller = await sellerWithListing(t);
    expect((await t.call('orders!details', { orderId: id }, { token: otherSeller.token, prefix: '/wap/seller/' })).errorKey).toBe('orders.not_found');

    // receipt before shipping is refused; the platform ships; the buyer receives
    expect((await t.call('order!receipt', { orderId: id }, { token: user.token })).errorKey).toBe('orders.cannot_receive');
    await t.services.fulfilment.ship(id, { type: 'operator', id: 'op-1', reason: 'picked and packed' });
    expect((await t.call('order!receipt', { orderId: id }, { token: user.token })).code).toBe('0');

    // the review completes the order and releases the escrow
    const goods = await t.call<{ pageList: { goodsId: string }[] }>('order!listGoods', { orderId: id }, { token: user.token });
    expect(goods.data?.pageList[0]?.goodsId).toBe(seller.listing.sellerGoodsId);
    const review = await t.call('evaluation!addList', { orderId: id, evaluationAdds: [{ sellerGoodsId: seller.listing.sellerGoodsId, evaluationType: 1, rating: 5, content: 'Exactly as described', imgUrl1: user.proofUrl }] }, { token: user.token, as: 'json' });
    expect(review).toMatchObject({ code: '0', msg: 'Review submitted' });
    const row = await orderRow(t, id);
    expect(row?.status).toBe('completed');
    expect(await timeline(user.token, id)).toEqual(['timeline.placed', 'timeline.paid', 'timeline.reminded', 'timeline.confirmed', 'timeline.system_shipped', 'timeline.received', 'timeline.completed']);

    const order = await t.services.orders.visible(id, { userId: user.id });
    const split = completionSplit(order);
    const expectedMargin = money.sub(order.goodsAmount, order.systemAmount);
    expect(money.format(split.seller, { decimals: 2 })).toBe(money.format(money.sub(expectedMargin, money.round(money.mulRatio(expectedMargin, '0.1'), 2)), { decimals: 2 }));
    expect((await balanceOf(t, seller)).money).toBe(money.format(split.seller, { decimals: 2, rounding: 'down' }));
    const gained = async (code: string, was: string) => money.format(money.sub(parseMoney(await platformBalance(code)), parseMoney(was)), { decimals: 2 });
    expect(await gained('platform:goods_revenue', before.revenue)).toBe(money.format(money.add(order.systemAmount, order.freight), { decimals: 2 }));
    expect(await gained('platform:fees_income', before.fees)).toBe(money.format(money.add(order.tax, order.serviceFee), { decimals: 2 }));
    expect(await gained('platform:commission_income', before.commission)).toBe(money.format(split.commission, { decimals: 2 }));
    const escrow = await t.database.pool.query<{ balance: string }>('select (credits_posted - debits_posted)::text as balance from ledger_accounts where code = $1', [escrowAccountCode(id)]);
    expect(money.isZero(money.fromDb(escrow.rows[0]?.balance ?? '1'))).toBe(true);

    // the review counts for the goods and the tabs
    expect((await t.call('evaluation!countType', { goodId: seller.listing.sellerGoodsId })).data).toMatchObject({ positiveComments: '1', havePicture: '1' });
    expect((await t.call('evaluation!addList', { orderId: id, evaluationAdds: [{ sellerGoodsId: seller.listing.sellerGoodsId, evaluationType: 1, rating: 5 }] }, { token: user.token, as: 'json' })).errorKey).toBe('orders.cannot_review');
    expect((await t.call<{ pageList: { id: string }[] }>('order!listMain', { status: 5 }, { token: user.token })).data?.pageList.map((entry) => entry.id)).toEqual([id]);
    await expectLedgerConsistent(t);
  });

  it('runs on the deadlines alone: auto-ship, auto-receipt, default good review, completion', async () => {
    const seller = await sellerWithListing(t, { profitRatio: '0.3' });
    const user = await buyer(t, '100000');
    const id = await placeOrder(t, user, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 });
    await t.services.payments.pay(user.id, id, SAFEWORD);
    expect(await t.services.fulfilment.shipIfDue(id)).toBe(false);
    t.clock.advance(24 * HOUR_MS + 1);
    expect(await t.services.fulfilment.shipIfDue(id)).toBe(true);
    expect(await t.services.fulfilment.shipIfDue(id)).toBe(false);
    t.clock.advance(15 * DAY_MS + 1);
    expect(await t.services.fulfilment.receiveIfDue(id)).toBe(true);
    t.clock.advance(7 * DAY_MS + 1);
    const runs = await Promise.all([t.services.orderReviews.defaultReviewIfDue(id), t.services.orderReviews.defaultReviewIfDue(id)]);
    expect(runs.sort()).toEqual([false, true]);
    expect((await orderRow(t, id))?.status).toBe('completed');
    // (the buyer's session has expired after three weeks: read as the service)
    const entries = await t.services.orders.timeline(id, { userId: user.id }, 'en');
    expect(entries.map((entry) => entry.key)).toEqual(['timeline.placed', 'timeline.paid', 'timeline.system_shipped', 'timeline.auto_received', 'timeline.default_review', 'timeline.completed']);
    expect(entries[3]?.log).toBe('Signed for automatically after 15 days');
    const reviews = await t.call<{ pageList: { content: string; evaluationType: number; sourceType: number }[] }>('evaluation!list', { sellerGoodsId: seller.listing.sellerGoodsId, lang: 'en' });
    expect(reviews.data?.pageList).toEqual([expect.objectContaining({ content: 'Default good review given by the system', evaluationType: 1, sourceType: 1 })]);
    expect(money.isPositive((await t.services.ledger.walletOf(t.database.db, seller.id)).available)).toBe(true);
    await expectLedgerConsistent(t);
  });

  it('reviews: one per item, a rating for each, at most 9 pictures, pictures uploaded here, only after receipt', async () => {
    const seller = await sellerWithListing(t);
    const user = await buyer(t, '100000');
    const id = await placeOrder(t, user, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 });
    const add = (params: Record<string, unknown>) => t.call('evaluation!add', { orderId: id, sellerGoodsId: seller.listing.sellerGoodsId, evaluationType: 2, rating: 3, ...params }, { token: user.token, remoteAddress: nextAddress() });
    expect((await add({})).errorKey).toBe('orders.cannot_review');
    await t.services.payments.pay(user.id, id, SAFEWORD);
    await t.services.fulfilment.ship(id, { type: 'system', id: 'test', reason: 'test' });
    await t.services.fulfilment.receive(user.id, id);
    expect((await add({ evaluationType: 4 })).errorKey).toBe('orders.review_invalid');
    expect((await add({ rating: 6 })).errorKey).toBe('orders.review_invalid');
    expect((await add({ sellerGoodsId: 'f'.repeat(32) })).errorKey).toBe('orders.review_invalid');
    expect((await add({ imgUrl1: 'https://elsewhere.example/x.png' })).errorKey).toBe('orders.picture_invalid');
    // a picture someone else uploaded is not this reviewer's (ownership matrix finding)
    expect((await add({ imgUrl1: seller.proofUrl })).errorKey).toBe('orders.picture_invalid');
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`imgUrl${index + 1}`, user.proofUrl]));
    expect((await add(ten)).errorKey).toBe('orders.too_many_pictures');
    expect((await orderRow(t, id))?.status).toBe('received');
    expect((await add({ content: 'Fine' })).code).toBe('0');
    expect((await orderRow(t, id))?.status).toBe('completed');
    expect((await t.call('evaluation!countType', { goodId: seller.listing.sellerGoodsId })).data).toMatchObject({ mediumReview: '1' });
  });

  it('evaluation!addList: one review per item, across calls; the order completes with the last one', async () => {
    const seller = await sellerWithListing(t);
    const template = await listing(t, 50);
    const second = newId();
    await t.database.pool.query(
      `insert into seller_goods (id, shop_id, goods_id, category_id, top_category_id, profit_ratio, selling_price, is_shelf, visible, search_text, search_tokens, created_at, updated_at)
       select $1, $2, goods_id, category_id, top_category_id, 0.1, selling_price, true, true, search_text, search_tokens, created_at, updated_at from seller_goods where id = $3`,
      [second, seller.id, template.sellerGoodsId],
    );
    const user = await buyer(t, '100000');
    const placed = await submit(t, user, [
      { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 },
      { sellerGoodsId: second, goodsNum: 1 },
    ]);
    const id = placed.data?.orderList[0]?.id ?? '';
    expect(placed.data?.orderList).toHaveLength(1);
    await t.services.payments.pay(user.id, id, SAFEWORD);
    await t.services.fulfilment.ship(id, { type: 'system', id: 'test', reason: 'test' });
    await t.services.fulfilment.receive(user.id, id);
    const addList = (evaluationAdds: unknown) => t.call('evaluation!addList', { orderId: id, evaluationAdds }, { token: user.token, as: 'json', remoteAddress: nextAddress() });
    const good = (sellerGoodsId: string) => ({ sellerGoodsId, evaluationType: 1, rating: 5 });
    expect((await addList([])).errorKey).toBe('orders.review_invalid');
    expect((await addList('nope')).errorKey).toBe('orders.review_invalid');
    expect((await addList([good(second), good(second)])).errorKey).toBe('orders.review_invalid');
    expect((await addList([good(second)])).code).toBe('0');
    expect((await orderRow(t, id))?.status).toBe('received');
    expect((await addList([good(second)])).errorKey).toBe('orders.already_reviewed');
    expect((await addList([good(seller.listing.sellerGoodsId)])).code).toBe('0');
    expect((await orderRow(t, id))?.status).toBe('completed');
    await expectLedgerConsistent(t);
  });
});
