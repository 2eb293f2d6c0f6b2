import { describe, expect, it } from 'vitest';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';
import {
  balanceOf,
  countRows,
  expectLedgerConsistent,
  fund,
  placeRecharge,
  SAFEWORD,
  sessionToken,
  TRC20_ADDRESS,
  walletUser,
  withdrawalIdOf,
  type WalletUser,
} from '../support/wallet.ts';

const t = await useTestApp({ start: '2026-11-22T04:00:00Z' }); // 12:00 in the platform zone (Asia/Shanghai)
const FINANCE = { type: 'operator' as const, id: 'op-test', reason: 'paid out' };
const HASH = 'f'.repeat(64);

async function apply(user: WalletUser, params: Record<string, unknown>) {
  return t.call<{ order_no: string }>('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, ...params }, { token: user.token, remoteAddress: nextAddress() });
}

async function richUser(amount = '500') {
  const user = await walletUser(t, { address: true });
  await fund(t, user, amount);
  return user;
}

describe('withdraw!apply', () => {
  it('holds the amount, charges the configured fee on approval, and answers legacy records', async () => {
    const user = await richUser('500');
    const applied = await apply(user, { amount: '123.45', from: TRC20_ADDRESS });
    expect(applied.code).toBe('0');
    expect(await balanceOf(t, user)).toMatchObject({ money: '376.55', frozen: '123.45' });
    const list = await t.call<{ elements: { volume: string; fee: string; amount: string; state: number; coin_blockchain: string }[] }>('withdraw!list', { page_no: 1 }, { token: user.token });
    expect(list.data?.elements).toEqual([expect.objectContaining({ volume: '123.45', fee: '1.23', amount: '122.22', state: 0, coin_blockchain: 'USDT_TRC20' })]);
    await t.services.withdrawals.approve(await withdrawalIdOf(t, applied.data?.order_no ?? ''), FINANCE, HASH);
    expect(await balanceOf(t, user)).toMatchObject({ money: '376.55', frozen: '0.00' });
    await expectLedgerConsistent(t);
  });

  it.each([
    ['no fund password', { safeword: undefined }, 'accounts.safeword_required'],
    ['a wrong fund password', { safeword: '111111' }, 'accounts.safeword_wrong'],
    ['a fund password of the wrong length', { safeword: '12ab' }, 'accounts.safeword_length'],
    ['below the minimum', { amount: '9.99' }, 'wallet.withdraw_below_min'],
    ['above the maximum', { amount: '50000.01' }, 'wallet.withdraw_above_max'],
    ['three decimals', { amount: '10.001' }, 'wallet.withdraw_amount_invalid'],
    ['zero', { amount: '0' }, 'wallet.withdraw_amount_invalid'],
    ['a negative amount', { amount: '-10' }, 'wallet.withdraw_amount_invalid'],
    ['an exponent', { amount: '1e2' }, 'wallet.withdraw_amount_invalid'],
    ['an array', { amount: ['10', '20'] }, 'wallet.withdraw_amount_invalid'],
    ['another destination than the bound address', { from: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' }, 'wallet.address_protocol_mismatch'],
    ['more than the balance', { amount: '500.01' }, 'wallet.balance_insufficient'],
  ])('refuses %s and holds nothing', async (_name, params, key) => {
    const user = await richUser('500');
    const response = await t.call('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount: '100', ...params }, { token: user.token, remoteAddress: nextAddress(), as: 'json' });
    expect(response.errorKey).toBe(key);
    expect(await countRows(t, 'withdraw_orders', user.id)).toBe(0);
    expect(await balanceOf(t, user)).toMatchObject({ money: '500.00', frozen: '0.00' });
    await expectLedgerConsistent(t);
  });

  it('needs a fund password set first (legacy code 999) and a bound address', async () => {
    const noSafeword = await walletUser(t, { safeword: false });
    const response = await apply(noSafeword, { amount: '10' });
    expect(response).toMatchObject({ code: '999', errorKey: 'accounts.safeword_not_set' });
    const noAddress = await walletUser(t);
    await fund(t, noAddress, '50');
    expect((await apply(noAddress, { amount: '10' })).errorKey).toBe('wallet.withdraw_address_required');
  });

  it('locks the fund password after repeated wrong entries, even with fresh tokens', async () => {
    const user = await richUser('100');
    const wrong = async () => (await apply(user, { amount: '10', safeword: '000000' })).errorKey;
    const keys = [await wrong(), await wrong(), await wrong()];
    expect(keys.slice(0, 2)).toEqual(['accounts.safeword_wrong', 'accounts.safeword_wrong']);
    expect(keys[2]).toBe('accounts.safeword_locked_minutes');
    expect((await apply(user, { amount: '10' })).errorKey).toBe('accounts.safeword_locked_minutes');
    expect(await countRows(t, 'withdraw_orders', user.id)).toBe(0);
  });

  it('allows one unfinished withdrawal, counts withdrawals per platform day, and keeps to the time window', async () => {
    const user = await richUser('1000');
    const first = await apply(user, { amount: '10' });
    expect((await apply(user, { amount: '10' })).errorKey).toBe('wallet.unfinished_order');
    await t.services.withdrawals.approve(await withdrawalIdOf(t, first.data?.order_no ?? ''), FINANCE, HASH);
    for (let index = 1; index < t.services.settings.get('withdraw_limit_num'); index += 1) {
      const next = await apply(user, { amount: '10' });
      await t.services.withdrawals.reject(await withdrawalIdOf(t, next.data?.order_no ?? ''), { ...FINANCE, reason: 'test' });
    }
    const over = await apply(user, { amount: '10' });
    expect(over.errorKey).toBe('wallet.withdraw_daily_count');
    // a recharge in review also blocks a withdrawal
    const other = await richUser('100');
    await placeRecharge(t, other, '10');
    expect((await apply(other, { amount: '10' })).errorKey).toBe('wallet.unfinished_order');

    // the next platform day (Asia/Shanghai midnight = 16:00 UTC) starts a new count
    t.clock.set(new Date('2026-11-22T16:00:01Z'));
    expect((await apply(user, { amount: '10' })).code).toBe('0');

    await t.services.settings.set(t.database.db, 'withdrawal_time', '09:00:00-18:00:00', { type: 'system', id: 'test', reason: 'window' });
    try {
      // 00:00 in Shanghai
      const late = await richUser('100');
      const refused = await apply(late, { amount: '10' });
      expect(refused.errorKey).toBe('wallet.withdraw_out_of_window');
      expect(refused.msg).toContain('09:00:00-18:00:00');
    } finally {
      await t.services.settings.set(t.database.db, 'withdrawal_time', '00:00:00-23:59:59', { type: 'system', id: 'test', reason: 'window' });
    }
    await expectLedgerConsistent(t);
  });

  it('keeps the request key for a retry when refused before the wallet (a wrong guess still counted), and a right guess resets the count even when refused', async () => {
    const user = await richUser('100');
    const failures = async () => (await t.database.pool.query<{ n: number }>("select consecutive_failures as n from credential_lockouts where user_id = $1 and credential = 'safeword'", [user.id])).rows[0]?.n ?? 0;
    const withKey = (key: string, params: Record<string, unknown>) =>
      t.call<{ order_no: string }>('withdraw!apply', { safeword: SAFEWORD, amount: '10', ...params }, { token: user.token, remoteAddress: nextAddress(), headers: { 'idempotency-key': key } });

    // a wrong guess: counted, the key unused
    expect((await withKey('retry-after-wrong', { safeword: '111111' })).errorKey).toBe('accounts.safeword_wrong');
    expect(await failures()).toBe(1);
    // the right one, with an amount refused before the wallet: the count is reset, the key still unused
    expect((await withKey('retry-after-wrong', { amount: '9.99' })).errorKey).toBe('wallet.withdraw_below_min');
    expect(await failures()).toBe(0);
    const placed = await withKey('retry-after-wrong', {});
    expect(placed.code, placed.msg).toBe('0');
    // a replay answers the first outcome without checking the fund password again: no failure counted
    expect((await withKey('retry-after-wrong', { safeword: '111111' })).data).toEqual(placed.data);
    expect(await failures()).toBe(0);

    // a refusal from behind the wallet's lock is the key's outcome, and the reset of earlier failures is kept
    // though the withdrawal was rolled back
    await t.services.withdrawals.reject(await withdrawalIdOf(t, placed.data?.order_no ?? ''), { ...FINANCE, reason: 'test' });
    expect((await withKey('too-much', { safeword: '111111' })).errorKey).toBe('accounts.safeword_wrong');
    expect(await failures()).toBe(1);
    expect((await withKey('too-much', { amount: '100.01' })).errorKey).toBe('wallet.balance_insufficient');
    expect(await failures()).toBe(0);
    expect((await withKey('too-much', { amount: '100.01' })).errorKey).toBe('wallet.balance_insufficient');
    expect(await countRows(t, 'withdraw_orders', user.id)).toBe(1);
    expect(await balanceOf(t, user)).toMatchObject({ money: '100.00', frozen: '0.00' });
    await expectLedgerConsistent(t);
  });

  it('answers the fee rate and the limits', async () => {
    expect((await t.call('withdraw!fee', { channel: 'USDT' })).data).toEqual({ withdraw_fee: t.services.settings.get('withdraw_fee_rate') });
    expect((await t.call('withdraw!withdrawLimitConfig')).data).toEqual({ withdrawAmountMin: '10', withdrawAmountMax: '50000' });
  });

  it('shows one user\'s withdrawal to nobody else', async () => {
    const user = await richUser('100');
    const applied = await apply(user, { amount: '10' });
    const stranger = await registerUser(t);
    expect((await t.call('withdraw!get', { order_no: applied.data?.order_no }, { token: stranger.token })).errorKey).toBe('wallet.order_not_found');
    expect((await t.call<{ totalElements: number }>('withdraw!list', {}, { token: stranger.token })).data?.totalElements).toBe(0);
  });
});

describe('user!bindWithdrawAddress', () => {
  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'],
    ['OMNI', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
  ])('binds a %s address once', async (protocol, address) => {
    const user = await registerUser(t);
    const bind = (channel_address: string) => t.call('user!bindWithdrawAddress', { blockchain_name: protocol, coin: 'USDT', channel_address }, { token: user.token, remoteAddress: nextAddress() });
    expect(await bind(address)).toMatchObject({ code: '0', msg: 'Withdrawal address bound' });
    expect((await bind(address)).errorKey).toBe('wallet.address_already_bound');
    const open = await t.call<{ existWithdrawAddress: string; chainName: string }>('withdraw!withdraw_open', {}, { token: user.token });
    expect(open.data).toMatchObject({ existWithdrawAddress: address, chainName: protocol });
  });

  it.each([
    ['an ERC20 address with a broken checksum', 'ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438F44e', 'wallet.address_protocol_mismatch'],
    ['a TRC20 protocol with an ERC20 address', 'TRC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'wallet.address_protocol_mismatch'],
    ['an OMNI protocol with a bech32 address', 'OMNI', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'wallet.address_protocol_mismatch'],
    ['an unsupported protocol', 'BEP20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'wallet.protocol_unsupported'],
    ['no address', 'TRC20', undefined, 'wallet.withdraw_address_required'],
  ])('refuses %s', async (_name, protocol, address, key) => {
    const user = await registerUser(t);
    const response = await t.call('user!bindWithdrawAddress', { blockchain_name: protocol, channel_address: address }, { token: user.token, remoteAddress: nextAddress() });
    expect(response.errorKey).toBe(key);
    expect((await t.call<{ existWithdrawAddress: string }>('withdraw!withdraw_open', {}, { token: user.token })).data?.existWithdrawAddress).toBe('');
  });
});

describe('account cancellation', () => {
  it('is refused while the wallet holds money or a deposit is in review', async () => {
    const rich = await richUser('20');
    const logoff = (user: WalletUser) => t.call('user!logoff', { account: user.username, reason: 'leaving', cashPassword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
    expect((await logoff(rich)).errorKey).toBe('accounts.logoff_balance_remaining');
    const pending = await walletUser(t);
    await placeRecharge(t, pending, '10');
    expect((await logoff(pending)).errorKey).toBe('accounts.logoff_unfinished_recharge');
    const empty = await walletUser(t);
    expect((await logoff(empty)).code).toBe('0');
  });
});
