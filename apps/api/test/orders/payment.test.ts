import { parseMoney } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import { escrowAccountCode } from '../../src/modules/orders/payment.service.ts';
import { MINUTE_MS } from '../../src/platform/clock.ts';
import { AppError } from '../../src/platform/errors.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, orderRow, placeOrder, stockOf, type Buyer } from '../support/orders.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';
import { balanceOf, expectLedgerConsistent, fund, SAFEWORD } from '../support/wallet.ts';

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 120, shops: 6 });
const SYSTEM = { type: 'system' as const, id: 'test', reason: 'test setting' };

async function pay(user: Buyer, orderId: string, safeword: string | undefined = SAFEWORD) {
  return t.call('order!pay', { orderId, safeword }, { token: user.token, remoteAddress: nextAddress() });
}

async function totalOf(id: string): Promise<string> {
  return Number((await orderRow(t, id))?.total).toFixed(2);
}

async function escrowBalance(orderId: string): Promise<string> {
  const rows = await t.database.pool.query<{ balance: string }>('select (credits_posted - debits_posted)::text as balance from ledger_accounts where code = $1', [escrowAccountCode(orderId)]);
  return Number(rows.rows[0]?.balance ?? 0).toFixed(2);
}

describe('order!pay', () => {
  it('moves the total from the wallet into the order escrow and writes the timeline and the statement', async () => {
    const user = await buyer(t, '5000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 2 });
    const total = await totalOf(id);
    const soldBefore = (await t.database.pool.query<{ n: number }>('select sold_num as n from seller_goods where id = $1', [a.sellerGoodsId])).rows[0]?.n ?? 0;
    const response = await pay(user, id);
    expect(response.code).toBe('0');
    expect(await orderRow(t, id)).toMatchObject({ status: 'paid' });
    expect(await escrowBalance(id)).toBe(total);
    expect((await balanceOf(t, user)).money).toBe((5000 - Number(total)).toFixed(2));
    const sold = (await t.database.pool.query<{ n: number }>('select sold_num as n from seller_goods where id = $1', [a.sellerGoodsId])).rows[0]?.n ?? 0;
    expect(sold - soldBefore).toBe(2);
    const timeline = await t.call<{ log: string }[]>('orderLog!list', { orderId: id, lang: 'en' }, { token: user.token });
    expect(timeline.data?.map((entry) => entry.log)).toEqual(['Order placed, awaiting payment', `Order paid: ${parseMoney(total) ? total : ''} USDT`]);
    const statement = await t.call<{ elements: { kind: string; direction: string; amount: string; referenceId: string }[] }>('wallet!statement', {}, { token: user.token });
    expect(statement.data?.elements[0]).toMatchObject({ kind: 'order_payment', direction: 'out', amount: total, referenceId: id });
    // paying again is refused, nothing moves
    expect((await pay(user, id)).errorKey).toBe('orders.not_payable');
    expect(await escrowBalance(id)).toBe(total);
    await expectLedgerConsistent(t);
  });

  it('insufficient balance: "please recharge", and nothing changes', async () => {
    const user = await buyer(t, '1');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    const response = await pay(user, id);
    expect(response.errorKey).toBe('wallet.balance_insufficient');
    expect(response.msg).toBe('Balance insufficient, please recharge');
    expect(await orderRow(t, id)).toMatchObject({ status: 'pending_payment' });
    expect((await balanceOf(t, user)).money).toBe('1.00');
    expect(await escrowBalance(id)).toBe('0.00');
    await expectLedgerConsistent(t);
  });

  it('pays several orders all or nothing', async () => {
    const user = await buyer(t);
    const a = await listing(t, 10);
    const b = await listing(t, 10, { excludeShop: a.shopId });
    const first = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    t.clock.advance(6_000);
    const second = await placeOrder(t, user, { sellerGoodsId: b.sellerGoodsId, goodsNum: 1 });
    const both = Number(await totalOf(first)) + Number(await totalOf(second));
    const sold = async () => (await t.database.pool.query<{ id: string; sold_num: number }>('select id, sold_num from seller_goods where id = any($1) order by id', [[a.sellerGoodsId, b.sellerGoodsId]])).rows;
    const soldBefore = await sold();
    await fund(t, user, (Number(await totalOf(first)) + 0.01).toFixed(2));
    // enough for one, not for both: neither is paid, nothing is counted as sold
    expect((await pay(user, `${first},${second}`)).errorKey).toBe('wallet.balance_insufficient');
    expect([(await orderRow(t, first))?.status, (await orderRow(t, second))?.status]).toEqual(['pending_payment', 'pending_payment']);
    expect(await sold()).toEqual(soldBefore);
    await fund(t, user, both.toFixed(2));
    expect((await pay(user, `${first}, ${second}`)).code).toBe('0');
    expect([(await orderRow(t, first))?.status, (await orderRow(t, second))?.status]).toEqual(['paid', 'paid']);
    // each listing's sold count grew by what its order bought, each order has its own escrow and timeline entry
    expect(await sold()).toEqual(soldBefore.map((row) => ({ ...row, sold_num: row.sold_num + 1 })));
    expect([await escrowBalance(first), await escrowBalance(second)]).toEqual([await totalOf(first), await totalOf(second)]);
    const paidLogs = await t.database.pool.query<{ order_id: string }>("select order_id from order_logs where key = 'timeline.paid' and order_id = any($1) order by order_id", [[first, second]]);
    expect(paidLogs.rows.map((row) => row.order_id)).toEqual([first, second].sort());
    await expectLedgerConsistent(t);
  });

  it('refuses another buyer\'s order (as if it did not exist), a wrong or missing fund password, and malformed ids', async () => {
    const owner = await buyer(t, '1000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, owner, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    const thief = await buyer(t, '1000');
    expect((await pay(thief, id)).errorKey).toBe('orders.not_found');
    const mine = await placeOrder(t, thief, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    expect((await pay(thief, `${mine},${id}`)).errorKey).toBe('orders.not_found');
    expect((await orderRow(t, mine))?.status).toBe('pending_payment');
    expect((await pay(owner, id, '000000')).errorKey).toBe('accounts.safeword_wrong');
    expect((await t.call('order!pay', { orderId: id }, { token: owner.token })).errorKey).toBe('accounts.safeword_required');
    expect((await pay(owner, 'not-an-id')).errorKey).toBe('orders.not_found');
    expect((await t.call('order!pay', { safeword: SAFEWORD }, { token: owner.token })).errorKey).toBe('orders.id_required');
    expect((await balanceOf(t, owner)).money).toBe('1000.00');
  });

  it('counts wrong fund passwords given to order!pay (checked in the payment\'s own transaction) and locks, paying nothing', async () => {
    const user = await buyer(t, '1000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    const before = await balanceOf(t, user);
    const keys = [];
    for (let index = 0; index < 3; index += 1) keys.push((await pay(user, id, '000000')).errorKey);
    expect(keys).toEqual(['accounts.safeword_wrong', 'accounts.safeword_wrong', 'accounts.safeword_locked_minutes']);
    // locked: even the right one is refused, and nothing moved
    expect((await pay(user, id)).errorKey).toBe('accounts.safeword_locked_minutes');
    expect((await orderRow(t, id))?.status).toBe('pending_payment');
    expect(await balanceOf(t, user)).toEqual(before);
    // the payment's locks and escrow account, written behind the check, were rolled back with each refusal
    expect((await t.database.pool.query('select 1 from ledger_accounts where code = $1', [escrowAccountCode(id)])).rowCount).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('pays when the fund password, refused with the locks written, passes on its own (changed meanwhile): once again, and counts nothing', async () => {
    const user = await buyer(t, '1000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    const accounts = t.services.accounts as unknown as { checkSafewordIn: (...args: unknown[]) => Promise<unknown> };
    const real = accounts.checkSafewordIn;
    let refusedOnce = false;
    accounts.checkSafewordIn = async function (this: unknown, ...args: unknown[]) {
      const check = await real.apply(this, args);
      if (refusedOnce) return check;
      refusedOnce = true;
      return { refusal: new AppError('accounts.safeword_wrong'), cleared: false };
    };
    try {
      const paid = await pay(user, id);
      expect(paid.code, paid.msg).toBe('0');
    } finally {
      accounts.checkSafewordIn = real;
    }
    expect(refusedOnce).toBe(true);
    expect((await orderRow(t, id))?.status).toBe('paid');
    const failures = await t.database.pool.query<{ n: number }>("select consecutive_failures as n from credential_lockouts where user_id = $1 and credential = 'safeword'", [user.id]);
    expect(failures.rows[0]?.n ?? 0).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('a burst of parallel wrong fund passwords is checked no more times than the lock-out allows', async () => {
    const user = await buyer(t, '1000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    const keys = (await Promise.all(Array.from({ length: 12 }, () => pay(user, id, '000000')))).map((response) => response.errorKey);
    expect(keys.filter((key) => key === 'accounts.safeword_wrong'), JSON.stringify(keys)).toHaveLength(2);
    // the rest are refused as locked, or earlier by the per-user rate limit of money calls
    expect(keys.filter((key) => key !== 'accounts.safeword_wrong' && key !== 'accounts.safeword_locked_minutes' && key !== 'common.too_frequent'), JSON.stringify(keys)).toEqual([]);
    expect(keys.filter((key) => key === 'accounts.safeword_locked_minutes').length).toBeGreaterThan(0);
    expect((await orderRow(t, id))?.status).toBe('pending_payment');
  });

  it('a right fund password clears earlier wrong ones even when the payment is then refused', async () => {
    const user = await buyer(t);
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    expect((await pay(user, id, '000000')).errorKey).toBe('accounts.safeword_wrong');
    // right password, no money: refused, but the wrong guess before it no longer counts
    expect((await pay(user, id)).errorKey).toBe('wallet.balance_insufficient');
    expect((await pay(user, id, '000000')).errorKey).toBe('accounts.safeword_wrong');
    expect((await pay(user, id, '000000')).errorKey).toBe('accounts.safeword_wrong');
    expect((await pay(user, id, '000000')).errorKey).toBe('accounts.safeword_locked_minutes');
    expect((await orderRow(t, id))?.status).toBe('pending_payment');
  });

  it('with an Idempotency-Key: a wrong guess is counted and leaves the key for the retry; a refusal after a right one is the outcome and keeps its reset', async () => {
    const a = await listing(t, 10);
    const failures = async (user: Buyer) => (await t.database.pool.query<{ n: number }>("select consecutive_failures as n from credential_lockouts where user_id = $1 and credential = 'safeword'", [user.id])).rows[0]?.n ?? 0;
    const keyed = (user: Buyer, orderId: string, key: string, safeword = SAFEWORD) => t.call('order!pay', { orderId, safeword }, { token: user.token, remoteAddress: nextAddress(), headers: { 'idempotency-key': key } });

    const user = await buyer(t, '1000');
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    expect((await keyed(user, id, 'pay-once', '000000')).errorKey).toBe('accounts.safeword_wrong');
    expect(await failures(user)).toBe(1);
    expect((await orderRow(t, id))?.status).toBe('pending_payment');
    const paid = await keyed(user, id, 'pay-once');
    expect(paid.code, paid.msg).toBe('0');
    expect(await failures(user)).toBe(0);
    expect((await orderRow(t, id))?.status).toBe('paid');
    // a replay answers the first outcome and checks nothing: no failure counted, nothing paid twice
    const balance = await balanceOf(t, user);
    expect(await keyed(user, id, 'pay-once', '000000')).toEqual(paid);
    expect(await failures(user)).toBe(0);
    expect(await balanceOf(t, user)).toEqual(balance);

    // a wrong guess, then the right one without the money: refused and stored, the reset kept
    const poor = await buyer(t, '1');
    const dear = await placeOrder(t, poor, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    expect((await keyed(poor, dear, 'pay-dear', '000000')).errorKey).toBe('accounts.safeword_wrong');
    expect(await failures(poor)).toBe(1);
    expect((await keyed(poor, dear, 'pay-dear')).errorKey).toBe('wallet.balance_insufficient');
    expect(await failures(poor)).toBe(0);
    await fund(t, poor, '1000');
    expect((await keyed(poor, dear, 'pay-dear')).errorKey).toBe('wallet.balance_insufficient');
    expect((await orderRow(t, dear))?.status).toBe('pending_payment');
    await expectLedgerConsistent(t);
  });

  it('200 concurrent payments against a balance that covers 100: exactly 100 paid', async () => {
    await t.services.settings.set(t.database.db, 'order_max_unpaid', 1000, SYSTEM);
    try {
      const user = await buyer(t);
      const a = await listing(t, 1000);
      const ids: string[] = [];
      for (let index = 0; index < 200; index += 1) {
        ids.push(await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 }));
        t.clock.advance(6_000); // past the double-click window
      }
      const total = Number(await totalOf(ids[0] ?? ''));
      await fund(t, user, (total * 100).toFixed(2));
      const outcomes = await Promise.all(ids.map((id) => t.services.payments.pay(user.id, id, SAFEWORD).then(() => 'ok', (error: { key?: string }) => error.key ?? String(error))));
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(100);
      expect(new Set(outcomes.filter((outcome) => outcome !== 'ok'))).toEqual(new Set(['wallet.balance_insufficient']));
      expect((await balanceOf(t, user)).money).toBe('0.00');
      await expectLedgerConsistent(t);
    } finally {
      await t.services.settings.set(t.database.db, 'order_max_unpaid', 10, SYSTEM);
    }
  }, 120_000);
});

describe('order!cancel and the payment time-out', () => {
  it('cancels an unpaid order with one of the 5 reasons and returns its stock', async () => {
    const user = await buyer(t);
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 4 });
    expect(await stockOf(t, a.skuId)).toBe(6);
    expect((await t.call('order!cancel', { orderId: id, returnReason: '9' }, { token: user.token })).errorKey).toBe('orders.cancel_reason_invalid');
    expect((await t.call('order!cancel', { orderId: id }, { token: user.token })).errorKey).toBe('orders.cancel_reason_invalid');
    const stranger = await registerUser(t);
    expect((await t.call('order!cancel', { orderId: id, returnReason: '2' }, { token: stranger.token })).errorKey).toBe('orders.not_found');
    expect((await t.call('order!cancel', { orderId: id, returnReason: '2' }, { token: user.token })).code).toBe('0');
    expect(await stockOf(t, a.skuId)).toBe(10);
    expect((await t.call('order!cancel', { orderId: id, returnReason: '2' }, { token: user.token })).errorKey).toBe('orders.cannot_cancel');
    const timeline = await t.call<{ log: string }[]>('orderLog!list', { orderId: id, lang: 'en' }, { token: user.token });
    expect(timeline.data?.at(-1)?.log).toBe('Cancelled by the buyer: Duplicate order');
    expect((await pay(user, id)).errorKey).toBe('orders.not_payable');
  });

  it('a paid order cannot be cancelled', async () => {
    const user = await buyer(t, '5000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    await pay(user, id);
    expect((await t.call('order!cancel', { orderId: id, returnReason: '0' }, { token: user.token })).errorKey).toBe('orders.cannot_cancel');
  });

  it('cancels unpaid orders when the deadline passes, once, and refuses late payment', async () => {
    const user = await buyer(t, '5000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 3 });
    t.clock.advance(29 * MINUTE_MS);
    expect(await t.services.payments.duePayments(t.clock.now(), 10_000)).not.toContain(id);
    expect(await t.services.payments.cancelIfUnpaid(id)).toBe(false);
    t.clock.advance(2 * MINUTE_MS);
    expect((await pay(user, id)).errorKey).toBe('orders.not_payable');
    expect(await t.services.payments.duePayments(t.clock.now(), 10_000)).toContain(id);
    const runs = await Promise.all([t.services.payments.cancelIfUnpaid(id), t.services.payments.cancelIfUnpaid(id)]);
    expect(runs.sort()).toEqual([false, true]);
    expect(await orderRow(t, id)).toMatchObject({ status: 'cancelled', pay_deadline_at: null });
    expect(await stockOf(t, a.skuId)).toBe(10);
    const timeline = await t.call<{ log: string }[]>('orderLog!list', { orderId: id, lang: 'en' }, { token: user.token });
    expect(timeline.data?.at(-1)?.log).toBe('Cancelled automatically: not paid in time');
    expect((await balanceOf(t, user)).money).toBe('5000.00');
  });
});

describe('remind to ship', () => {
  it('works once per paid order', async () => {
    const user = await buyer(t, '5000');
    const a = await listing(t, 10);
    const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
    expect((await t.call('order!remind', { orderId: id }, { token: user.token })).errorKey).toBe('orders.cannot_remind');
    await pay(user, id);
    expect((await t.call('order!remind', { orderId: id }, { token: user.token })).code).toBe('0');
    expect((await t.call('order!remind', { orderId: id }, { token: user.token })).errorKey).toBe('orders.already_reminded');
    expect((await t.call<{ orderInfo: { reminded: number } }>('order!info', { orderId: id }, { token: user.token })).data?.orderInfo.reminded).toBe(1);
  });
});
