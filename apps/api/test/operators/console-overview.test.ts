import { describe, expect, it } from 'vitest';
import { OrdersRepository } from '../../src/modules/orders/orders.repository.ts';
import { pageTotal } from '../../src/platform/capped-count.ts';
import { DAY_MS, HOUR_MS } from '../../src/platform/clock.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, placeOrder, sellerWithListing } from '../support/orders.ts';
import { useTestApp } from '../support/test-app.ts';
import { consoleCall, fund, operatorToken, placeRecharge, rechargeIdOf, SAFEWORD, sessionToken, walletUser, withdrawalIdOf } from '../support/wallet.ts';

// The console's overview routes: the read-only audit log (filters, keyset pages) and the dashboard's
// figures; and the order routes the console's order screens use (search by number and date, the
// actions an order offers to a role).

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 30, shops: 3 });

interface AuditPage {
  items: { id: string; actorType: string; actorName: string; action: string; targetType: string | null; targetId: string | null; reason: string | null; detail: Record<string, unknown> }[];
  nextBefore: string | null;
}

function period(from: Date, to: Date): string {
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

describe('the audit log', () => {
  it('lists operator actions newest first with their actor, filtered by operator, action, target and period, keyset-paged', async () => {
    const finance = await operatorToken(t, 'finance');
    const user = await walletUser(t, { safeword: false });
    const approved = await rechargeIdOf(t, await placeRecharge(t, user, '12'));
    expect((await consoleCall(t, 'POST', `/recharges/${approved}/approve`, finance.token, { reason: 'proof matches' })).status).toBe(200);
    const rejected = await rechargeIdOf(t, await placeRecharge(t, user, '13'));
    expect((await consoleCall(t, 'POST', `/recharges/${rejected}/reject`, finance.token, { reason: 'blurred proof' })).status).toBe(200);

    const mine = await consoleCall<AuditPage>(t, 'GET', `/audit?actor=${finance.username}`, finance.token);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((item) => [item.action, item.targetId, item.reason])).toEqual([
      ['recharge.reject', rejected, 'blurred proof'],
      ['recharge.approve', approved, 'proof matches'],
      ['operator.login', expect.any(String), null],
    ]);
    expect(mine.body.items.every((item) => item.actorType === 'operator' && item.actorName === finance.username)).toBe(true);
    expect(mine.body.nextBefore).toBeNull();

    const byAction = await consoleCall<AuditPage>(t, 'GET', `/audit?action=recharge.reject&targetId=${rejected}`, finance.token);
    expect(byAction.body.items.map((item) => item.targetId)).toEqual([rejected]);
    expect((await consoleCall<AuditPage>(t, 'GET', '/audit?actor=nobody-at-all', finance.token)).body).toEqual({ items: [], nextBefore: null });

    // pages follow the cursor without gaps or repeats
    const first = await consoleCall<AuditPage>(t, 'GET', `/audit?actor=${finance.username}&pageSize=2`, finance.token);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextBefore).toBe(first.body.items[1]?.id);
    const second = await consoleCall<AuditPage>(t, 'GET', `/audit?actor=${finance.username}&pageSize=2&before=${first.body.nextBefore}`, finance.token);
    expect(second.body.items.map((item) => item.action)).toEqual(['operator.login']);
    expect(second.body.nextBefore).toBeNull();

    // the period: everything happened "now" on the test clock
    const now = t.clock.now();
    expect((await consoleCall<AuditPage>(t, 'GET', `/audit?actor=${finance.username}&${period(new Date(now.getTime() - HOUR_MS), new Date(now.getTime() + HOUR_MS))}`, finance.token)).body.items).toHaveLength(3);
    expect((await consoleCall<AuditPage>(t, 'GET', `/audit?actor=${finance.username}&${period(new Date(now.getTime() + HOUR_MS), new Date(now.getTime() + 2 * HOUR_MS))}`, finance.token)).body.items).toHaveLength(0);
  });

  it('is read by admin and finance, not support; bad filters are refused with stable keys', async () => {
    const support = await operatorToken(t, 'support');
    expect(await consoleCall(t, 'GET', '/audit', support.token)).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'GET', '/audit', undefined)).toMatchObject({ status: 401, body: { errorKey: 'operators.not_logged_in' } });
    const admin = await operatorToken(t, 'admin');
    expect((await consoleCall(t, 'GET', '/audit', admin.token)).status).toBe(200);
    for (const query of ['before=abc', 'pageSize=0', 'pageSize=101', 'from=yesterday', 'actorType=robot']) {
      expect(await consoleCall(t, 'GET', `/audit?${query}`, admin.token), query).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    // read-only: there is no route that writes it
    expect((await consoleCall(t, 'POST', '/audit', admin.token, {})).status).toBe(404);
  });
});

describe('the dashboard', () => {
  it("counts the period's orders, GMV, deposits and payouts, and the queues waiting, for every role", async () => {
    const support = await operatorToken(t, 'support');
    const finance = await operatorToken(t, 'finance');
    const now = t.clock.now();
    const today = period(new Date(now.getTime() - HOUR_MS), new Date(now.getTime() + HOUR_MS));
    type Dashboard = { orders: { placed: number; paid: number; gmv: string }; deposits: { count: number; amount: string }; withdrawals: { count: number; amount: string }; pending: { recharges: number; withdrawals: number; refunds: number } };
    const before = (await consoleCall<Dashboard>(t, 'GET', `/dashboard?${today}`, support.token)).body;

    // a deposit credited, one waiting; a withdrawal paid, one waiting; an order placed and paid
    const user = await walletUser(t, { address: true });
    await fund(t, user, '500.25');
    const token = await sessionToken(t, user);
    const first = await t.call<{ order_no: string }>('withdraw!apply', { session_token: token, safeword: SAFEWORD, amount: '100' }, { token: user.token });
    expect(first.code).toBe('0');
    const paidOut = await withdrawalIdOf(t, first.data?.order_no ?? '');
    expect((await consoleCall(t, 'POST', `/withdrawals/${paidOut}/approve`, finance.token, { txHash: 'cd'.repeat(32) })).status).toBe(200);
    expect((await t.call('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount: '50' }, { token: user.token })).code).toBe('0');
    await placeRecharge(t, await walletUser(t, { safeword: false }), '7');
    const seller = await sellerWithListing(t);
    const shopper = await buyer(t, '100000');
    const orderId = await placeOrder(t, shopper, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 });
    await t.services.payments.pay(shopper.id, orderId, SAFEWORD);
    const total = (await t.database.pool.query<{ total: string }>('select total::text from orders where id = $1', [orderId])).rows[0]?.total ?? '0';

    const after = await consoleCall<Dashboard>(t, 'GET', `/dashboard?${today}`, support.token);
    expect(after.status).toBe(200);
    expect(after.body.orders.placed - before.orders.placed).toBe(1);
    expect(after.body.orders.paid - before.orders.paid).toBe(1);
    expect(Number(after.body.orders.gmv) - Number(before.orders.gmv)).toBeCloseTo(Number(total), 2);
    expect(after.body.orders.gmv).toMatch(/^\d+\.\d{2}$/);
    // the buyer's funding deposit counts too: both deposits are credited today
    expect(after.body.deposits.count - before.deposits.count).toBe(2);
    expect(after.body.withdrawals).toEqual({ count: before.withdrawals.count + 1, amount: (Number(before.withdrawals.amount) + 100).toFixed(2) });
    expect(after.body.pending.recharges - before.pending.recharges).toBe(1);
    expect(after.body.pending.withdrawals - before.pending.withdrawals).toBe(1);

    // another period sees none of it
    const tomorrow = period(new Date(now.getTime() + DAY_MS), new Date(now.getTime() + 2 * DAY_MS));
    expect((await consoleCall<Dashboard>(t, 'GET', `/dashboard?${tomorrow}`, support.token)).body).toMatchObject({ orders: { placed: 0, paid: 0, gmv: '0.00' }, deposits: { count: 0, amount: '0.00' }, withdrawals: { count: 0, amount: '0.00' } });
  });

  it('refuses a missing, reversed or longer than 31 days period', async () => {
    const admin = await operatorToken(t, 'admin');
    const now = t.clock.now();
    expect(await consoleCall(t, 'GET', '/dashboard', admin.token)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    expect(await consoleCall(t, 'GET', `/dashboard?${period(now, new Date(now.getTime() - HOUR_MS))}`, admin.token)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    expect((await consoleCall(t, 'GET', `/dashboard?${period(now, new Date(now.getTime() + 31 * DAY_MS))}`, admin.token)).status).toBe(200);
    expect(await consoleCall(t, 'GET', `/dashboard?${period(now, new Date(now.getTime() + 31 * DAY_MS + 1000))}`, admin.token)).toMatchObject({ status: 400 });
  });
});

describe('the order screens', () => {
  it('find an order by number and by the day it was placed, and offer each role only its actions', async () => {
    const seller = await sellerWithListing(t);
    const shopper = await buyer(t, '100000');
    const orderId = await placeOrder(t, shopper, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 });
    await t.services.payments.pay(shopper.id, orderId, SAFEWORD);
    const [support, finance] = await Promise.all([operatorToken(t, 'support'), operatorToken(t, 'finance')]);

    const byNumber = await consoleCall<{ items: { id: string }[]; total: number }>(t, 'GET', `/orders?id=${orderId}`, support.token);
    expect(byNumber.body.items.map((item) => item.id)).toEqual([orderId]);
    const now = t.clock.now();
    const placedToday = await consoleCall<{ items: { id: string }[] }>(t, 'GET', `/orders?buyerId=${shopper.id}&${period(new Date(now.getTime() - HOUR_MS), new Date(now.getTime() + HOUR_MS))}`, support.token);
    expect(placedToday.body.items.map((item) => item.id)).toEqual([orderId]);
    const placedLater = await consoleCall<{ items: unknown[]; total: number }>(t, 'GET', `/orders?buyerId=${shopper.id}&${period(new Date(now.getTime() + HOUR_MS), new Date(now.getTime() + 2 * HOUR_MS))}`, support.token);
    expect(placedLater.body).toMatchObject({ items: [], total: 0 });
    expect(await consoleCall(t, 'GET', '/orders?from=last-week', support.token)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });

    // counts stop at a cap: past it the page says "more than"
    await placeOrder(t, shopper, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 3 });
    const repository = new OrdersRepository();
    expect((await repository.search(t.database.db, { buyerId: shopper.id, limit: 1, offset: 0 }, 5)).counted).toBe(2);
    const capped = await repository.search(t.database.db, { buyerId: shopper.id, limit: 1, offset: 0 }, 1);
    expect(pageTotal(capped.counted, 1)).toEqual({ total: 1, totalIsLowerBound: true });
    expect(pageTotal(2, 5)).toEqual({ total: 2, totalIsLowerBound: false });
    expect((await consoleCall<{ total: number; totalIsLowerBound: boolean }>(t, 'GET', `/orders?buyerId=${shopper.id}`, support.token)).body).toMatchObject({ total: 2, totalIsLowerBound: false });

    // a paid order: support may ship it, finance may refund it; neither is offered the other's action
    expect((await consoleCall<{ actions: unknown }>(t, 'GET', `/orders/${orderId}`, support.token)).body.actions).toEqual({ ship: true, approveRefund: false, rejectRefund: false, manualRefund: false });
    expect((await consoleCall<{ actions: unknown }>(t, 'GET', `/orders/${orderId}`, finance.token)).body.actions).toEqual({ ship: false, approveRefund: false, rejectRefund: false, manualRefund: true });
    // once shipped, nothing is left to do for either
    const shipped = await consoleCall<{ status: string; actions: unknown }>(t, 'POST', `/orders/${orderId}/ship`, support.token, { reason: 'packed' });
    expect(shipped.body).toMatchObject({ status: 'shipped', actions: { ship: false, approveRefund: false, rejectRefund: false, manualRefund: false } });
  });
});
