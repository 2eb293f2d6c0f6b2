import { money } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import { escrowAccountCode } from '../../src/modules/orders/payment.service.ts';
import { DAY_MS, HOUR_MS } from '../../src/platform/clock.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, orderRow, placeOrder, sellerWithListing, stockOf, type Buyer, type Seller } from '../support/orders.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, consoleCall, expectLedgerConsistent, operatorToken, SAFEWORD } from '../support/wallet.ts';

// Refunds and returns: asked by the buyer (or started by the platform), decided by an operator through
// the console; the escrow goes back to the buyer, a partial refund settles the rest in proportion.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 60, shops: 4 });
// operator sessions last 12 hours and these tests move the clock by days: fresh ones per step
let finance = await operatorToken(t, 'finance');
let support = await operatorToken(t, 'support');
async function freshOperators() {
  finance = await operatorToken(t, 'finance');
  support = await operatorToken(t, 'support');
}

async function paidOrder(seller: Seller, user: Buyer, goodsNum = 2): Promise<string> {
  const id = await placeOrder(t, user, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum });
  await t.services.payments.pay(user.id, id, SAFEWORD);
  return id;
}

function returns(user: Buyer, params: Record<string, unknown>) {
  return t.call('order!returns', { returnReason: '2', returnDetail: 'Changed my mind', ...params }, { token: user.token, remoteAddress: nextAddress() });
}

async function escrow(orderId: string): Promise<string> {
  const rows = await t.database.pool.query<{ balance: string }>('select (credits_posted - debits_posted)::text as balance from ledger_accounts where code = $1', [escrowAccountCode(orderId)]);
  return money.format(money.fromDb(rows.rows[0]?.balance ?? '0'), { decimals: 2 });
}

describe('refunds', () => {
  it('a paid order: the buyer asks, finance approves through the console, the money and the stock come back', async () => {
    const seller = await sellerWithListing(t, { stock: 10 });
    const user = await buyer(t, '100000');
    const id = await paidOrder(seller, user, 3);
    expect(await stockOf(t, seller.listing.skuId)).toBe(7);
    const paidBalance = (await balanceOf(t, user)).money;

    expect((await returns(user, {})).errorKey).toBe('orders.id_required');
    expect((await returns(user, { orderId: id, returnReason: '0' })).errorKey).toBe('orders.refund_reason_invalid');
    expect((await returns(user, { orderId: id, returnAmount: '-1' })).errorKey).toBe('orders.refund_amount_invalid');
    expect((await returns(user, { orderId: id, returnAmount: '999999999' })).errorKey).toBe('orders.refund_amount_invalid');
    expect((await returns(user, { orderId: id, returnAmount: '1.001' })).errorKey).toBe('orders.refund_amount_invalid');
    expect((await returns(user, { orderId: id, imgUrl1: 'https://elsewhere.example/x.png' })).errorKey).toBe('orders.picture_invalid');
    // another user's upload is no evidence of this buyer's (ownership matrix finding)
    expect((await returns(user, { orderId: id, imgUrl1: seller.proofUrl })).errorKey).toBe('orders.picture_invalid');
    expect((await orderRow(t, id))?.refund_state).toBe('none');
    const stranger = await buyer(t);
    expect((await returns(stranger, { orderId: id })).errorKey).toBe('orders.not_found');
    const asked = await returns(user, { orderId: id, imgUrl1: user.proofUrl });
    expect(asked).toMatchObject({ code: '0', msg: 'Application submitted' });
    expect((await returns(user, { orderId: id })).errorKey).toBe('orders.refund_in_progress');

    // the seller sees it; the order does not ship while the refund is open
    const sellerView = await t.call<{ pageList: { id: string; returnStatus: number; returnReason: string }[] }>('orders!list-returns', {}, { token: seller.token, prefix: '/wap/seller/' });
    expect(sellerView.data?.pageList).toEqual([expect.objectContaining({ id, returnStatus: 1, returnReason: '2' })]);
    expect((await consoleCall(t, 'POST', `/orders/${id}/ship`, support.token, {})).body).toMatchObject({ errorKey: 'orders.cannot_ship' });
    t.clock.advance(25 * HOUR_MS);
    expect(await t.services.fulfilment.shipIfDue(id)).toBe(false);
    await freshOperators();

    const queue = await consoleCall<{ items: { id: string; refundAmount: string }[] }>(t, 'GET', `/orders?refundState=requested&buyerId=${user.id}`, finance.token);
    expect(queue.body.items.map((item) => item.id)).toEqual([id]);
    expect((await consoleCall(t, 'POST', `/orders/${id}/refund/approve`, support.token, {})).status).toBe(403);
    const approved = await consoleCall<{ status: string; refundState: string; transfers: { kind: string }[]; timeline: { key: string }[] }>(t, 'POST', `/orders/${id}/refund/approve`, finance.token, { reason: 'not shipped yet' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'refunded', refundState: 'succeeded' });
    expect(approved.body.transfers.map((transfer) => transfer.kind)).toEqual(['order_payment', 'order_refund']);
    expect(approved.body.timeline.map((entry) => entry.key)).toEqual(['timeline.placed', 'timeline.paid', 'timeline.refund_requested', 'timeline.refund_approved', 'timeline.refund_succeeded']);
    expect(await escrow(id)).toBe('0.00');
    expect(await stockOf(t, seller.listing.skuId)).toBe(10);
    const total = Number((await orderRow(t, id))?.total);
    expect((await balanceOf(t, user)).money).toBe((Number(paidBalance) + total).toFixed(2));
    expect((await t.call<{ pageList: { id: string; status: number }[] }>('order!listMain', { status: 6 }, { token: user.token })).data?.pageList).toEqual([expect.objectContaining({ id, status: 6 })]);
    expect((await consoleCall(t, 'POST', `/orders/${id}/refund/approve`, finance.token, {})).body).toMatchObject({ errorKey: 'orders.refund_not_requested' });
    const audit = await t.database.pool.query<{ action: string; reason: string }>("select action, reason from audit_log where target_type = 'order' and target_id = $1", [id]);
    expect(audit.rows).toEqual([{ action: 'order.refund', reason: 'not shipped yet' }]);
    await expectLedgerConsistent(t);
  });

  it('not once shipped; a return within the window after receipt, partially refunded, settles the rest in proportion', async () => {
    await freshOperators();
    const seller = await sellerWithListing(t, { profitRatio: '0.5' });
    const user = await buyer(t, '100000');
    const id = await paidOrder(seller, user, 4);
    await consoleCall(t, 'POST', `/orders/${id}/ship`, support.token, { reason: 'packed' });
    expect((await returns(user, { orderId: id })).errorKey).toBe('orders.refund_not_allowed');
    await t.services.fulfilment.receive(user.id, id);
    const total = money.fromDb(String((await orderRow(t, id))?.total));
    const half = money.round(money.div(total, money.of(2), 'down'), 2, 'down');
    expect((await returns(user, { orderId: id, returnReason: '6', returnAmount: money.format(half) })).code).toBe('0');
    const before = (await balanceOf(t, user)).money;
    await consoleCall(t, 'POST', `/orders/${id}/refund/approve`, finance.token, {});
    expect((await orderRow(t, id))?.status).toBe('refunded');
    expect((await balanceOf(t, user)).money).toBe(money.format(money.add(money.fromDb(before), half), { decimals: 2 }));
    expect(await escrow(id)).toBe('0.00');
    expect(money.isPositive((await t.services.ledger.walletOf(t.database.db, seller.id)).available)).toBe(true);
    await expectLedgerConsistent(t);
  });

  it('closes returns after the window; a rejected request can be asked again; the platform may refund on its own', async () => {
    const seller = await sellerWithListing(t);
    const user = await buyer(t, '100000');
    const late = await paidOrder(seller, user, 1);
    await t.services.fulfilment.ship(late, { type: 'system', id: 'test', reason: 'test' });
    await t.services.fulfilment.receive(user.id, late);
    t.clock.advance(7 * DAY_MS + 1000);
    await expect(t.services.refunds.request(user.id, late, { reason: '2', pictures: [] })).rejects.toMatchObject({ key: 'orders.return_window_closed' });
    // a week later the buyer logs in again
    user.token = (await t.call<{ token: string }>('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).data?.token ?? '';
    seller.token = (await t.call<{ token: string }>('user!newlogin', { username: seller.username, password: seller.password }, { remoteAddress: nextAddress() })).data?.token ?? '';
    await freshOperators();

    t.clock.advance(6_000);
    const second = await paidOrder(seller, user, 1);
    await returns(user, { orderId: second });
    expect((await consoleCall(t, 'POST', `/orders/${second}/refund/reject`, finance.token, { reason: ' ' })).body).toMatchObject({ errorKey: 'wallet.reason_required' });
    const rejected = await consoleCall<{ refundState: string; timeline: { text: string }[] }>(t, 'POST', `/orders/${second}/refund/reject?lang=en`, finance.token, { reason: 'Goods already packed' });
    expect(rejected.body.refundState).toBe('rejected');
    expect(rejected.body.timeline.at(-1)?.text).toBe('Refund request rejected: Goods already packed');
    expect((await returns(user, { orderId: second, returnReason: '9' })).code).toBe('0');

    t.clock.advance(6_000);
    const third = await paidOrder(seller, user, 1);
    await t.call('orders!push', { orderId: third, safeword: SAFEWORD }, { token: seller.token, prefix: '/wap/seller/' });
    const manual = await consoleCall<{ status: string; refundState: string }>(t, 'POST', `/orders/${third}/refund`, finance.token, { reasonCode: '5', reason: 'Lost in the warehouse' });
    expect(manual.body).toMatchObject({ status: 'refunded', refundState: 'succeeded' });
    const detail = await consoleCall<{ refund: { remark: string }; transfers: unknown[] }>(t, 'GET', `/orders/${third}`, support.token);
    expect(detail.body.refund.remark).toBe('Lost in the warehouse');
    expect(detail.body.transfers).toHaveLength(2);
    await expectLedgerConsistent(t);
  });
});
