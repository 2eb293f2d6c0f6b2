import { describe, expect, it } from 'vitest';
import type { SettingKey, SettingValue } from '../../src/modules/content/settings.ts';
import { HOUR_MS } from '../../src/platform/clock.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';
import {
  balanceOf,
  consoleCall,
  countRows,
  expectLedgerConsistent,
  fund,
  operatorToken,
  SAFEWORD,
  sessionToken,
  TRC20_ADDRESS,
  walletUser,
  withdrawalIdOf,
  type WalletUser,
} from '../support/wallet.ts';

// Withdrawal safety (ADR 0011): the operator's change of a bound address and the cool-down it starts,
// velocity limits per platform day and week, and the review of a first large withdrawal to an address.

// Wednesday 25 November 2026, 12:00 in the platform zone (Asia/Shanghai, UTC+8); that week started on
// Monday 23 November 00:00 there (22 November 16:00 UTC)
const t = await useTestApp({ start: '2026-11-25T04:00:00Z' });
const NEW_ERC20 = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const NEW_TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const HASH = 'ab'.repeat(32);
const SYSTEM = { type: 'system' as const, id: 'test', reason: 'test setting' };

type WithdrawRecord = { order_no: string; state: number; hold_reason: string; held_until: string; review_reason: string; create_time: string };
type ConsoleWithdrawal = { id: string; state: string; held: boolean; heldUntil: string | null; reviewRequired: boolean; errorKey?: string };
type ConsoleAddress = { userId: string; address: { address: string; blockchainName: string; changedAt: string | null; changedBy: string | null; coolDownUntil: string | null } | null; errorKey?: string };

async function withSetting<K extends SettingKey>(key: K, value: SettingValue<K>, run: () => Promise<void>): Promise<void> {
  const before = t.services.settings.get(key);
  await t.services.settings.set(t.database.db, key, value, SYSTEM);
  try {
    await run();
  } finally {
    await t.services.settings.set(t.database.db, key, before, SYSTEM);
  }
}

async function apply(user: WalletUser, amount: string) {
  return t.call<{ order_no: string }>('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount }, { token: user.token, remoteAddress: nextAddress() });
}

async function applied(user: WalletUser, amount: string): Promise<string> {
  const response = await apply(user, amount);
  expect(response.errorKey ?? 'accepted').toBe('accepted');
  return response.data?.order_no ?? '';
}

async function recordOf(user: WalletUser, orderNo: string): Promise<WithdrawRecord> {
  const response = await t.call<WithdrawRecord>('withdraw!get', { order_no: orderNo }, { token: user.token });
  expect(response.code).toBe('0');
  return response.data as WithdrawRecord;
}

async function richUser(amount = '1000') {
  const user = await walletUser(t, { address: true });
  await fund(t, user, amount);
  return user;
}

async function changeAddress(token: string, userId: string, body: Record<string, unknown>) {
  return consoleCall<ConsoleAddress>(t, 'POST', `/users/${encodeURIComponent(userId)}/withdraw-address`, token, body);
}

const approveBy = (token: string, id: string, body: Record<string, unknown> = {}) => consoleCall<ConsoleWithdrawal>(t, 'POST', `/withdrawals/${id}/approve`, token, { txHash: HASH, ...body });

async function auditOf(action: string, targetId: string) {
  const rows = await t.database.pool.query<{ actor_id: string; reason: string | null; detail: Record<string, unknown> }>('select actor_id, reason, detail from audit_log where action = $1 and target_id = $2 order by id', [action, targetId]);
  return rows.rows;
}

describe("an operator changes a user's withdrawal address", () => {
  it('takes an admin and a reason, checks the address, audits before and after, and the user still binds only once', async () => {
    const user = await richUser('100');
    const [admin, support, finance] = [await operatorToken(t, 'admin'), await operatorToken(t, 'support'), await operatorToken(t, 'finance')];
    const body = { blockchainName: 'ERC20', address: NEW_ERC20, reason: 'user lost the TRC20 wallet; identity checked by video call' };

    expect(await changeAddress(support.token, user.id, body)).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await changeAddress(finance.token, user.id, body)).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await changeAddress(admin.token, user.id, { ...body, reason: '   ' })).toMatchObject({ status: 400, body: { errorKey: 'wallet.reason_required' } });
    expect(await changeAddress(admin.token, user.id, { ...body, address: '0x742d35Cc6634C0532925a3b844Bc454e4438F44e' })).toMatchObject({ status: 400, body: { errorKey: 'wallet.address_protocol_mismatch' } });
    expect(await changeAddress(admin.token, user.id, { ...body, blockchainName: 'BEP20' })).toMatchObject({ status: 400, body: { errorKey: 'wallet.protocol_unsupported' } });
    expect(await changeAddress(admin.token, user.id, { ...body, blockchainName: 'TRC20', address: TRC20_ADDRESS })).toMatchObject({ status: 409, body: { errorKey: 'wallet.address_unchanged' } });
    const unbound = await walletUser(t);
    expect(await changeAddress(admin.token, unbound.id, body)).toMatchObject({ status: 400, body: { errorKey: 'wallet.withdraw_address_required' } });
    // none of the refusals changed anything or wrote an audit entry
    const untouched = await consoleCall<ConsoleAddress>(t, 'GET', `/users/${user.id}/withdraw-address`, support.token);
    expect(untouched).toMatchObject({ status: 200, body: { address: { address: TRC20_ADDRESS, blockchainName: 'TRC20', changedAt: null, coolDownUntil: null } } });
    expect(await auditOf('wallet.withdraw_address_changed', user.id)).toEqual([]);

    const now = t.clock.now();
    const changed = await changeAddress(admin.token, user.id, body);
    expect(changed).toMatchObject({
      status: 200,
      body: { address: { address: NEW_ERC20, blockchainName: 'ERC20', changedAt: now.toISOString(), coolDownUntil: new Date(now.getTime() + 24 * HOUR_MS).toISOString() } },
    });
    const audit = await auditOf('wallet.withdraw_address_changed', user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      reason: body.reason,
      detail: { before: { protocol: 'TRC20', address: TRC20_ADDRESS, coin: 'USDT' }, after: { protocol: 'ERC20', address: NEW_ERC20, coin: 'USDT' }, coolDownHours: 24 },
    });
    expect(audit[0]?.actor_id).toBe(changed.body.address?.changedBy);

    // the user's own call still binds only one address; the open call answers the new one
    const bind = await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', channel_address: NEW_TRC20 }, { token: user.token, remoteAddress: nextAddress() });
    expect(bind.errorKey).toBe('wallet.address_already_bound');
    const open = await t.call<{ existWithdrawAddress: string; chainName: string }>('withdraw!withdraw_open', {}, { token: user.token });
    expect(open.data).toMatchObject({ existWithdrawAddress: NEW_ERC20, chainName: 'ERC20' });
  });
});

describe('the cool-down after an address change', () => {
  it('accepts a withdrawal in its last second but holds it: no approval before the end, the user sees why and until when', async () => {
    const user = await richUser('500');
    const admin = await operatorToken(t, 'admin');
    const changedAt = t.clock.now();
    const end = new Date(changedAt.getTime() + 24 * HOUR_MS);
    expect((await changeAddress(admin.token, user.id, { blockchainName: 'TRC20', address: NEW_TRC20, reason: 'new wallet, identity checked' })).status).toBe(200);

    // the cool-down's last second
    t.clock.set(new Date(end.getTime() - 1000));
    const orderNo = await applied(user, '120');
    const id = await withdrawalIdOf(t, orderNo);
    expect(await balanceOf(t, user)).toMatchObject({ money: '380.00', frozen: '120.00' });
    // 24 hours after 12:00 (Shanghai) on the 25th
    expect(await recordOf(user, orderNo)).toMatchObject({ state: 0, hold_reason: 'address_changed', held_until: '2026-11-26 12:00:00', review_reason: '' });
    const list = await t.call<{ elements: WithdrawRecord[] }>('withdraw!list', {}, { token: user.token });
    expect(list.data?.elements[0]).toMatchObject({ order_no: orderNo, hold_reason: 'address_changed', held_until: '2026-11-26 12:00:00' });
    const statement = await t.call<{ elements: { kind: string; holdReason: string; heldUntil: string; reviewReason: string }[] }>('wallet!statement', {}, { token: user.token });
    expect(statement.data?.elements[0]).toMatchObject({ kind: 'withdrawal_hold', holdReason: 'address_changed', heldUntil: '2026-11-26 12:00:00', reviewReason: '' });
    expect(statement.data?.elements[1]).toMatchObject({ kind: 'recharge', holdReason: '', heldUntil: '' });

    // another user can neither read the withdrawal nor its hold
    const stranger = await registerUser(t);
    expect((await t.call('withdraw!get', { order_no: orderNo }, { token: stranger.token })).errorKey).toBe('wallet.order_not_found');
    expect((await t.call<{ totalElements: number }>('wallet!statement', {}, { token: stranger.token })).data?.totalElements).toBe(0);

    const finance = await operatorToken(t, 'finance');
    expect((await consoleCall<ConsoleWithdrawal>(t, 'GET', `/withdrawals/${id}`, finance.token)).body).toMatchObject({ held: true, heldUntil: end.toISOString(), reviewRequired: false });
    const refused = await approveBy(finance.token, id);
    expect(refused).toMatchObject({ status: 409, body: { errorKey: 'wallet.withdraw_held' } });
    expect((refused.body as { message?: string }).message).toContain('2026-11-26 12:00:00');
    // the refusal moved nothing
    expect(await balanceOf(t, user)).toMatchObject({ money: '380.00', frozen: '120.00' });
    expect((await consoleCall<ConsoleWithdrawal>(t, 'GET', `/withdrawals/${id}`, finance.token)).body.state).toBe('pending');
    expect(await auditOf('withdrawal.approve', id)).toEqual([]);

    // the cool-down's end: payable, and nothing shows a hold any more
    t.clock.set(end);
    const approved = await approveBy(finance.token, id);
    expect(approved).toMatchObject({ status: 200, body: { state: 'approved', held: false, heldUntil: end.toISOString() } });
    expect(await recordOf(user, orderNo)).toMatchObject({ state: 1, hold_reason: '', held_until: '' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '380.00', frozen: '0.00' });
    expect((await auditOf('withdrawal.approve', id))[0]?.detail).toMatchObject({ heldUntil: end.toISOString(), toAddress: NEW_TRC20 });
    await expectLedgerConsistent(t);
  });

  it('does not hold a withdrawal applied at the end of the cool-down, and an operator may still refuse a held one', async () => {
    const user = await richUser('300');
    const admin = await operatorToken(t, 'admin');
    const end = new Date(t.clock.now().getTime() + 24 * HOUR_MS);
    expect((await changeAddress(admin.token, user.id, { blockchainName: 'ERC20', address: NEW_ERC20, reason: 'moved to ERC20' })).status).toBe(200);

    const held = await applied(user, '50');
    expect(await recordOf(user, held)).toMatchObject({ hold_reason: 'address_changed' });
    const rejected = await consoleCall<ConsoleWithdrawal>(t, 'POST', `/withdrawals/${await withdrawalIdOf(t, held)}/reject`, admin.token, { reason: 'user asked to cancel' });
    expect(rejected).toMatchObject({ status: 200, body: { state: 'rejected', held: false } });
    expect(await recordOf(user, held)).toMatchObject({ state: 2, hold_reason: '', held_until: '' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '300.00', frozen: '0.00' });

    t.clock.set(end);
    const free = await applied(user, '50');
    expect(await recordOf(user, free)).toMatchObject({ hold_reason: '', held_until: '' });
    const fresh = await operatorToken(t, 'finance');
    expect((await approveBy(fresh.token, await withdrawalIdOf(t, free))).status).toBe(200);
    await expectLedgerConsistent(t);
  });

  it('holds nothing when the cool-down is set to 0', async () => {
    await withSetting('withdraw_address_cooldown_hours', 0, async () => {
      const user = await richUser('100');
      const admin = await operatorToken(t, 'admin');
      const changed = await changeAddress(admin.token, user.id, { blockchainName: 'ERC20', address: NEW_ERC20, reason: 'moved' });
      expect(changed.body.address?.coolDownUntil).toBeNull();
      const orderNo = await applied(user, '20');
      expect(await recordOf(user, orderNo)).toMatchObject({ hold_reason: '', held_until: '' });
      expect((await approveBy(admin.token, await withdrawalIdOf(t, orderNo))).status).toBe(200);
    });
    await expectLedgerConsistent(t);
  });
});

describe('velocity limits', () => {
  /** Applies and refuses at once, so the one-unfinished rule lets the next application through. */
  async function appliedAndRejected(user: WalletUser, amount: string) {
    const orderNo = await applied(user, amount);
    await t.services.withdrawals.reject(await withdrawalIdOf(t, orderNo), { type: 'operator', id: 'op-test', reason: 'test' });
  }
  async function appliedAndApproved(user: WalletUser, amount: string) {
    const orderNo = await applied(user, amount);
    await t.services.withdrawals.approve(await withdrawalIdOf(t, orderNo), { type: 'operator', id: 'op-test', reason: 'paid' }, HASH);
  }
  async function expectRefused(user: WalletUser, amount: string, key: string) {
    const before = await balanceOf(t, user);
    const rows = await countRows(t, 'withdraw_orders', user.id);
    const response = await apply(user, amount);
    expect(response.errorKey).toBe(key);
    // refused: nothing held, nothing written
    expect(await balanceOf(t, user)).toEqual(before);
    expect(await countRows(t, 'withdraw_orders', user.id)).toBe(rows);
    return response;
  }

  it('a daily amount: exactly the limit passes, one cent more is refused with what remains; refusals do not count; a new platform day starts again', async () => {
    t.clock.set('2026-11-30T02:00:00Z'); // Monday 10:00 in Shanghai
    // more applications a day than the legacy count allows, so the amount is what refuses
    await withSetting('withdraw_limit_num', 10, () => withSetting('withdraw_daily_amount_max', '100', async () => {
      const user = await richUser('1000');
      await appliedAndApproved(user, '60');
      const over = await expectRefused(user, '40.01', 'wallet.withdraw_daily_amount');
      expect(over.msg).toBe("This withdrawal would go beyond today's limit of 100.00 USDT; you can still withdraw 40.00 USDT today");
      await appliedAndRejected(user, '40');
      // the refused 40 left nothing: exactly the limit still passes
      await appliedAndApproved(user, '40');
      await expectRefused(user, '10', 'wallet.withdraw_daily_amount');
      // 23:59:59 in Shanghai is still today; midnight starts a new day
      t.clock.set('2026-11-30T15:59:59Z');
      await expectRefused(user, '10', 'wallet.withdraw_daily_amount');
      t.clock.set('2026-11-30T16:00:00Z');
      await appliedAndApproved(user, '100');
    }));
    await expectLedgerConsistent(t);
  });

  it('a weekly count and a weekly amount run from Monday 00:00 in the platform zone', async () => {
    t.clock.set('2026-12-01T02:00:00Z'); // Tuesday 10:00 in Shanghai
    await withSetting('withdraw_weekly_count_max', 2, async () => {
      const user = await richUser('500');
      await appliedAndRejected(user, '10');
      await appliedAndRejected(user, '10');
      const over = await expectRefused(user, '10', 'wallet.withdraw_weekly_count');
      expect(over.msg).toBe("You have used this week's 2 withdrawals; please try again next week");
      // Sunday 23:59:59 is the same week, Monday 00:00 the next
      t.clock.set('2026-12-06T15:59:59Z');
      await expectRefused(user, '10', 'wallet.withdraw_weekly_count');
      t.clock.set('2026-12-06T16:00:00Z');
      await appliedAndRejected(user, '10');
    });

    t.clock.set('2026-12-08T02:00:00Z'); // Tuesday
    await withSetting('withdraw_weekly_amount_max', '150', async () => {
      const user = await richUser('500');
      await appliedAndApproved(user, '100');
      t.clock.set('2026-12-10T02:00:00Z'); // Thursday: another day, the same week
      await appliedAndApproved(user, '50');
      const over = await expectRefused(user, '10', 'wallet.withdraw_weekly_amount');
      expect(over).toMatchObject({ code: '1', status: 200 });
      expect(over.msg).toContain('150.00');
      t.clock.set('2026-12-13T16:00:00Z'); // Monday 00:00
      await appliedAndApproved(user, '150');
    });
    await expectLedgerConsistent(t);
  });

  it('at 0 (the default) the amount and weekly limits are off; the legacy daily count still applies', async () => {
    t.clock.set('2026-12-15T02:00:00Z');
    expect([t.services.settings.get('withdraw_daily_amount_max'), t.services.settings.get('withdraw_weekly_amount_max'), t.services.settings.get('withdraw_weekly_count_max')]).toEqual(['0', '0', 0]);
    const user = await richUser('100000');
    for (const amount of ['30000', '30000', '30000']) await appliedAndApproved(user, amount);
    await expectRefused(user, '10', 'wallet.withdraw_daily_count');
    await expectLedgerConsistent(t);
  });
});

describe('the first withdrawal to a new address', () => {
  it('above the threshold needs a review confirmation (audited); at the threshold, to a paid-out address, or with the rule off it does not', async () => {
    t.clock.set('2026-12-16T02:00:00Z');
    await withSetting('withdraw_new_address_review_above', '100', async () => {
      const finance = await operatorToken(t, 'finance');
      const support = await operatorToken(t, 'support');

      const atThreshold = await richUser('1000');
      const plain = await applied(atThreshold, '100');
      expect(await recordOf(atThreshold, plain)).toMatchObject({ review_reason: '' });
      expect((await approveBy(finance.token, await withdrawalIdOf(t, plain))).status).toBe(200);

      const user = await richUser('1000');
      const orderNo = await applied(user, '100.01');
      const id = await withdrawalIdOf(t, orderNo);
      expect(await recordOf(user, orderNo)).toMatchObject({ review_reason: 'new_address', hold_reason: '' });
      const statement = await t.call<{ elements: { reviewReason: string }[] }>('wallet!statement', {}, { token: user.token });
      expect(statement.data?.elements[0]?.reviewReason).toBe('new_address');
      expect((await consoleCall<ConsoleWithdrawal>(t, 'GET', `/withdrawals/${id}`, finance.token)).body).toMatchObject({ reviewRequired: true, held: false });

      expect(await approveBy(support.token, id, { reviewConfirmed: true })).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
      expect(await approveBy(finance.token, id)).toMatchObject({ status: 409, body: { errorKey: 'wallet.withdraw_review_unconfirmed' } });
      expect(await approveBy(finance.token, id, { reviewConfirmed: false })).toMatchObject({ status: 409, body: { errorKey: 'wallet.withdraw_review_unconfirmed' } });
      expect(await balanceOf(t, user)).toMatchObject({ money: '899.99', frozen: '100.01' });
      expect(await auditOf('withdrawal.approve', id)).toEqual([]);

      expect(await approveBy(finance.token, id, { reviewConfirmed: true, reason: 'address screened, matches KYC' })).toMatchObject({ status: 200, body: { state: 'approved', reviewRequired: true } });
      expect(await recordOf(user, orderNo)).toMatchObject({ state: 1, review_reason: '' });
      const audit = await auditOf('withdrawal.approve', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ reason: 'address screened, matches KYC', detail: { reviewConfirmed: true, reviewReason: 'new_address', toAddress: TRC20_ADDRESS } });

      // paid out there once: the next one to the same address needs no review
      const again = await applied(user, '200');
      expect(await recordOf(user, again)).toMatchObject({ review_reason: '' });
      expect((await approveBy(finance.token, await withdrawalIdOf(t, again))).status).toBe(200);

      // a refused withdrawal is no payout: the address stays new
      const refusedFirst = await richUser('1000');
      const first = await applied(refusedFirst, '500');
      await t.services.withdrawals.reject(await withdrawalIdOf(t, first), { type: 'operator', id: 'op-test', reason: 'test' });
      const second = await applied(refusedFirst, '500');
      expect(await recordOf(refusedFirst, second)).toMatchObject({ review_reason: 'new_address' });
      await t.services.withdrawals.reject(await withdrawalIdOf(t, second), { type: 'operator', id: 'op-test', reason: 'test' });
    });

    // the rule off (the default)
    const off = await richUser('1000');
    const orderNo = await applied(off, '900');
    expect(await recordOf(off, orderNo)).toMatchObject({ review_reason: '' });
    await expectLedgerConsistent(t);
  });

  it('after an operator changed the address, the first large withdrawal to the new one is both held and reviewed', async () => {
    t.clock.set('2026-12-17T02:00:00Z');
    await withSetting('withdraw_new_address_review_above', '100', async () => {
      const user = await richUser('1000');
      const admin = await operatorToken(t, 'admin');
      const paid = await applied(user, '150');
      expect((await approveBy(admin.token, await withdrawalIdOf(t, paid), { reviewConfirmed: true })).status).toBe(200);
      expect((await changeAddress(admin.token, user.id, { blockchainName: 'ERC20', address: NEW_ERC20, reason: 'new wallet' })).status).toBe(200);
      const orderNo = await applied(user, '150');
      expect(await recordOf(user, orderNo)).toMatchObject({ hold_reason: 'address_changed', held_until: '2026-12-18 10:00:00', review_reason: 'new_address' });
      const id = await withdrawalIdOf(t, orderNo);
      // the hold comes first, even with the review confirmed
      expect(await approveBy(admin.token, id, { reviewConfirmed: true })).toMatchObject({ status: 409, body: { errorKey: 'wallet.withdraw_held' } });
      t.clock.advance(24 * HOUR_MS);
      const fresh = await operatorToken(t, 'finance');
      expect(await approveBy(fresh.token, id)).toMatchObject({ status: 409, body: { errorKey: 'wallet.withdraw_review_unconfirmed' } });
      expect((await approveBy(fresh.token, id, { reviewConfirmed: true })).status).toBe(200);
      expect(await balanceOf(t, user)).toMatchObject({ money: '700.00', frozen: '0.00' });
    });
    await expectLedgerConsistent(t);
  });
});
