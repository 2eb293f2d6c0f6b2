import { addresses } from '@caravan/db/schema/addresses';
import { auditLog } from '@caravan/db/schema/platform';
import { users } from '@caravan/db/schema/accounts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { applicant, applyFor } from '../support/loans.ts';
import { buyer, listing, orderRow, placeOrder, type Buyer } from '../support/orders.ts';
import { nextAddress, useTestApp, type TestUser } from '../support/test-app.ts';
import { balanceOf, fund, placeRecharge, SAFEWORD, sessionToken, TRC20_ADDRESS, walletUser, withdrawalIdOf } from '../support/wallet.ts';

// user!logoff: every veto (wallet, orders, refunds, loans) with its own key and nothing changed (the
// shop's veto is tested with the seller panel, test/sellers/seller-panel.test.ts);
// what a cancellation forgets (contact data, addresses, fund password) and what it keeps (the name,
// reserved; orders, ledger and audit records).

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 30, shops: 3 });

function logoff(user: TestUser, lang = 'en') {
  return t.call('user!logoff', { account: user.username, reason: 'leaving', cashPassword: SAFEWORD, lang }, { token: user.token, remoteAddress: nextAddress() });
}

async function statusOf(username: string): Promise<string | undefined> {
  const [row] = await t.database.db.select().from(users).where(eq(users.usernameKey, username.toLowerCase()));
  return row?.status;
}

async function expectRefused(user: TestUser, errorKey: string) {
  const response = await logoff(user);
  expect(response).toMatchObject({ code: '1', errorKey });
  // a real message, not the key
  expect(response.msg).not.toContain('.');
  expect(await statusOf(user.username)).toBe('active');
  expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('0');
}

/** A buyer whose one order is paid with exactly the money deposited (the wallet is empty again). */
async function buyerWithPaidOrder(): Promise<{ user: Buyer; orderId: string }> {
  const user = await buyer(t);
  const goods = await listing(t);
  // a whole price without margin, so the total is whole cents and a deposit can match it exactly
  await t.database.pool.query('update goods_skus set price = 10 where id = $1', [goods.skuId]);
  await t.database.pool.query('update seller_goods set profit_ratio = 0 where id = $1', [goods.sellerGoodsId]);
  const orderId = await placeOrder(t, user, { sellerGoodsId: goods.sellerGoodsId, goodsNum: 1 });
  const { total } = (await orderRow(t, orderId))!;
  expect(total).toMatch(/^\d+\.\d{2}0*$/);
  await fund(t, user, total.replace(/(\.\d{2})0*$/, '$1'));
  expect((await t.call('order!pay', { orderId, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() })).code).toBe('0');
  expect(await balanceOf(t, user)).toMatchObject({ money: '0.00', frozen: '0.00' });
  return { user, orderId };
}

describe('user!logoff vetoes', () => {
  it('a balance, a deposit in review and a withdrawal in review each refuse it', async () => {
    const rich = await walletUser(t);
    await fund(t, rich, '20');
    await expectRefused(rich, 'accounts.logoff_balance_remaining');

    const depositing = await walletUser(t);
    await placeRecharge(t, depositing, '10');
    await expectRefused(depositing, 'accounts.logoff_unfinished_recharge');

    // a withdrawal of everything: the money is held (frozen) until finance pays it out
    const leaving = await walletUser(t, { address: true });
    await fund(t, leaving, '20');
    const applied = await t.call<{ order_no: string }>(
      'withdraw!apply',
      { session_token: await sessionToken(t, leaving), safeword: SAFEWORD, amount: '20', from: TRC20_ADDRESS },
      { token: leaving.token, remoteAddress: nextAddress() },
    );
    expect(applied.code).toBe('0');
    await expectRefused(leaving, 'accounts.logoff_balance_remaining');
    await t.services.withdrawals.approve(await withdrawalIdOf(t, applied.data?.order_no ?? ''), { type: 'operator', id: 'op-test', reason: 'paid out' }, 'f'.repeat(64));
    expect((await logoff(leaving)).code).toBe('0');
  });

  it('an order paid but not finished refuses it, an open refund refuses it with its own message', async () => {
    const { user, orderId } = await buyerWithPaidOrder();
    await expectRefused(user, 'accounts.logoff_unfinished_order');
    const english = await logoff(user);
    expect(english.msg).toBe('This account has orders in progress, please complete them and try again');

    const refund = await t.call('order!returns', { orderId, returnReason: '2', returnDetail: 'Changed my mind' }, { token: user.token, remoteAddress: nextAddress() });
    expect(refund.code).toBe('0');
    await expectRefused(user, 'accounts.logoff_open_refund');
    expect((await logoff(user, 'zh-CN')).msg).toBe('当前账号有未完成的退款或退货，请完成后再试');
  });

  it('an unpaid order does not refuse it (it is cancelled by its payment deadline)', async () => {
    const user = await buyer(t);
    const goods = await listing(t);
    await placeOrder(t, user, { sellerGoodsId: goods.sellerGoodsId, goodsNum: 1 });
    expect((await logoff(user)).code).toBe('0');
  });

  it.each([['pending'], ['approved'], ['overdue']])('a %s loan refuses it; a rejected one does not', async (state) => {
    const user = await applicant(t);
    const loanId = await applyFor(t, user);
    // the loan machine is tested in the loans suite; here only the veto's set of states matters
    await t.database.pool.query('update loans set state = $2 where id = $1', [loanId, state]);
    await expectRefused(user, 'loans.logoff_unfinished_loan');
    await t.database.pool.query(`update loans set state = 'rejected' where id = $1`, [loanId]);
    expect((await logoff(user)).code).toBe('0');
  });
});

describe('user!logoff personal data', () => {
  it('forgets contact data, addresses and the fund password; keeps the name reserved and the records', async () => {
    const user = await walletUser(t, { address: true });
    const id = user.id;
    await t.services.addresses.add(id, { contacts: 'Mei Chen', phone: '+1 718 555 0199', email: 'mei@example.com', postcode: '11201', address: '200 Atlantic Ave', countryId: 233, provinceId: 1452, cityId: 112872 });
    await t.database.pool.query(`update users set email = 'mei@example.com', email_verified_at = now(), phone = '+17185550199', avatar = '7' where id = $1`, [id]);
    // money in and out again: ledger entries that must survive the cancellation
    await fund(t, user, '20');
    const applied = await t.call<{ order_no: string }>(
      'withdraw!apply',
      { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount: '20', from: TRC20_ADDRESS },
      { token: user.token, remoteAddress: nextAddress() },
    );
    await t.services.withdrawals.approve(await withdrawalIdOf(t, applied.data?.order_no ?? ''), { type: 'operator', id: 'op-test', reason: 'paid out' }, 'f'.repeat(64));
    const ledgerRows = async () =>
      (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.owner_id = $1`, [id])).rows[0]?.n ?? 0;
    const entries = await ledgerRows();
    expect(entries).toBeGreaterThan(0);

    expect((await logoff(user)).code).toBe('0');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      status: 'cancelled',
      username: user.username,
      email: null,
      emailVerifiedAt: null,
      phone: null,
      phoneVerifiedAt: null,
      avatar: '1',
      safewordHash: null,
      lastLoginIp: null,
    });
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, id))).toEqual([]);
    expect(await ledgerRows()).toBe(entries);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.cancelled'), eq(auditLog.targetId, id)))).toHaveLength(1);
    // every session ended; the name stays reserved
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('403');
    const again = await t.call('localuser!registerNoVerifcode', { username: user.username, password: 'Fresh#start1', re_password: 'Fresh#start1', lang: 'en' }, { remoteAddress: nextAddress() });
    expect(again.errorKey).toBe('accounts.username_reserved');
  });
});
