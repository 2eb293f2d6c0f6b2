import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_PAYMENT_SECRET } from '../../src/env.ts';
import { signBody, SIGNATURE_HEADER } from '../../src/modules/wallet/payments/payment-provider.ts';
import { MINUTE_MS } from '../../src/platform/clock.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';
import {
  balanceOf,
  countRows,
  expectLedgerConsistent,
  fund,
  placeRecharge,
  rechargeIdOf,
  sessionToken,
  TRC20_ADDRESS,
  walletUser,
  type WalletUser,
} from '../support/wallet.ts';

const t = await useTestApp();
const SECRET = DEVELOPMENT_PAYMENT_SECRET;

async function recharge(user: WalletUser, params: Record<string, unknown>, options: { as?: 'query' | 'json'; token?: string } = {}) {
  return t.call<{ order_no: string }>(
    'rechargeBlockchain!recharge',
    { session_token: options.token ?? (await sessionToken(t, user)), coin: 'USDT', blockchain_name: 'TRC20', img: user.proofUrl, from: TRC20_ADDRESS, ...params },
    { token: user.token, remoteAddress: nextAddress(), as: options.as ?? 'json', method: 'POST' },
  );
}

async function idempotencyRows(userId: string): Promise<number> {
  const rows = await t.database.pool.query<{ n: number }>('select count(*)::int as n from idempotency_records where user_id = $1', [userId]);
  return rows.rows[0]?.n ?? 0;
}

describe('blockchain recharge: hostile amounts', () => {
  const INVALID = 'wallet.recharge_amount_invalid';
  const cases: [string, unknown, string][] = [
    ['negative', '-1', INVALID],
    ['negative cents', '-0.01', INVALID],
    ['negative number', -5, INVALID],
    ['zero', '0', INVALID],
    ['zero with decimals', '0.00', INVALID],
    ['minus zero', '-0', INVALID],
    ['zero number', 0, INVALID],
    ['exponent', '1e3', INVALID],
    ['capital exponent', '1E3', INVALID],
    ['exponent number', 1e21, INVALID],
    ['NaN', 'NaN', INVALID],
    ['Infinity', 'Infinity', INVALID],
    ['minus Infinity', '-Infinity', INVALID],
    ['11 decimals', '1.00000000001', INVALID],
    ['3 decimals', '10.001', INVALID],
    ['float noise', 0.1 + 0.2, INVALID],
    ['10^40', `1${'0'.repeat(40)}`, INVALID],
    ['10^40 as a number', 1e40, INVALID],
    ['hex', '0x10', INVALID],
    ['binary', '0b11', INVALID],
    ['octal', '0o17', INVALID],
    ['leading space', ' 10', INVALID],
    ['trailing space', '10 ', INVALID],
    ['only whitespace', '   ', INVALID],
    ['tab', '\t10', INVALID],
    ['newline', '10\n', INVALID],
    ['empty', '', INVALID],
    ['thousands comma', '1,000', INVALID],
    ['underscore', '1_000', INVALID],
    ['plus sign', '+10', INVALID],
    ['trailing dot', '10.', INVALID],
    ['leading dot', '.5', INVALID],
    ['two dots', '10..5', INVALID],
    ['leading zeros', '010', INVALID],
    ['letters', 'ten', INVALID],
    ['digits then letters', '10abc', INVALID],
    ['fullwidth digits', '１０', INVALID],
    ['Devanagari digits', '१०', INVALID],
    ['array', ['10', '20'], INVALID],
    ['object', { value: '10' }, INVALID],
    ['boolean', true, INVALID],
    ['null', null, INVALID],
    ['missing', undefined, INVALID],
    ['SQL', "10; drop table ledger_entries", INVALID],
    ['below the minimum', '0.99', 'wallet.recharge_below_min'],
    ['above the maximum', '1000000.01', 'wallet.recharge_above_max'],
  ];

  it(`has ${cases.length} cases`, () => expect(cases.length).toBeGreaterThanOrEqual(40));

  it.each(cases)('%s is refused with its key and nothing is written', async (_name, amount, key) => {
    const user = await walletUser(t, { safeword: false });
    const token = await sessionToken(t, user);
    const response = await recharge(user, { amount }, { token });
    expect(response.code).toBe('1');
    expect(response.errorKey).toBe(key);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(0);
    expect(await idempotencyRows(user.id)).toBe(0);
    // the refused request did not use up the token
    const ok = await recharge(user, { amount: '10' }, { token });
    expect(ok.code).toBe('0');
  });

  it('refuses hostile amounts sent in the query string too (repeated parameter = array)', async () => {
    const user = await walletUser(t, { safeword: false });
    const response = await t.app.inject({
      method: 'POST',
      url: `/wap/api/rechargeBlockchain!recharge.action?token=${user.token}&amount=10&amount=20&coin=USDT&img=${encodeURIComponent(user.proofUrl)}&from=${TRC20_ADDRESS}&session_token=${await sessionToken(t, user)}`,
    });
    expect(response.json().errorKey).toBe('wallet.recharge_amount_invalid');
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(0);
  });
});

describe('order numbers', () => {
  it('keep the legacy shape and never repeat within one second, however many orders share it', async () => {
    // the test clock stands still: every number below has the same date and time
    const users = await Promise.all(Array.from({ length: 12 }, () => walletUser(t)));
    const numbers = await Promise.all(users.map((user) => placeRecharge(t, user, '100')));
    for (const number of numbers) expect(number).toMatch(/^R\d{20}$/);
    expect(new Set(numbers.map((number) => number.slice(0, 15))).size).toBe(1);
    expect(new Set(numbers).size).toBe(numbers.length);
    const stored = await t.database.pool.query<{ order_no: string }>('select order_no from recharge_orders where order_no = any($1)', [numbers]);
    expect(stored.rows.map((row) => row.order_no).sort()).toEqual([...numbers].sort());
  });
});

describe('blockchain recharge: rules', () => {
  it.each([
    ['no currency', { coin: undefined }, 'wallet.currency_required'],
    ['unknown currency', { coin: 'DOGE' }, 'wallet.channel_unavailable'],
    ['unknown network', { blockchain_name: 'BEP20' }, 'wallet.channel_unavailable'],
    ['another address than ours', { channel_address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' }, 'wallet.channel_unavailable'],
    ['no proof', { img: undefined }, 'wallet.proof_required'],
    ['a proof that is not ours', { img: 'https://evil.example/proof.png' }, 'wallet.proof_invalid'],
    ['a proof that was never uploaded', { img: `/uploads/${'a'.repeat(64)}.png` }, 'wallet.proof_invalid'],
    ['no sender address', { from: undefined }, 'wallet.from_address_required'],
  ])('refuses %s', async (_name, params, key) => {
    const user = await walletUser(t, { safeword: false });
    const response = await recharge(user, { amount: '10', ...params });
    expect(response.errorKey).toBe(key);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(0);
  });

  it("refuses another user's uploaded picture as the proof (ownership matrix finding)", async () => {
    const [user, other] = [await walletUser(t, { safeword: false }), await walletUser(t, { safeword: false })];
    expect((await recharge(user, { amount: '10', img: other.proofUrl })).errorKey).toBe('wallet.proof_invalid');
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(0);
  });

  it('converts BTC at the configured rate for the limits and the credit', async () => {
    const user = await walletUser(t, { safeword: false });
    expect(Number((await t.call<{ price: string }>('rechargeBlockchain!fee', { symbol: 'btc' })).data?.price)).toBe(Number(t.services.settings.get('btc_exchange_usdt')));
    expect((await t.call<{ price: string }>('rechargeBlockchain!fee', { symbol: 'usdt' })).data?.price).toBe('1.00');
    const placed = await recharge(user, { amount: '0.00012345', coin: 'BTC', blockchain_name: 'BTC' });
    expect(placed.code).toBe('0');
    const record = await t.call<{ amount: string; volume: string; coin_blockchain: string }>('rechargeBlockchain!get', { order_no: placed.data?.order_no }, { token: user.token });
    const rate = Number(t.services.settings.get('btc_exchange_usdt'));
    expect(record.data?.amount).toBe('0.00012345');
    expect(record.data?.volume).toBe((Math.floor(0.00012345 * rate * 100) / 100).toFixed(2));
    expect(record.data?.coin_blockchain).toBe('BTC_BTC');
  });

  it('uses a session token once; a replay answers the first outcome; a forged or foreign token is refused', async () => {
    const user = await walletUser(t, { safeword: false });
    const other = await walletUser(t, { safeword: false });
    const token = await sessionToken(t, user);
    const first = await recharge(user, { amount: '12' }, { token });
    const replay = await recharge(user, { amount: '12' }, { token });
    expect(replay).toEqual(first);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(1);
    const different = await recharge(user, { amount: '13' }, { token });
    expect(different.errorKey).toBe('common.idempotency_mismatch');
    expect((await recharge(user, { amount: '12' }, { token: 'f'.repeat(32) })).errorKey).toBe('common.try_later');
    expect((await recharge(other, { amount: '12' }, { token: await sessionToken(t, user) })).errorKey).toBe('common.try_later');
    expect(await countRows(t, 'recharge_orders', other.id)).toBe(0);
  });

  it('expires session tokens after their lifetime', async () => {
    const user = await walletUser(t, { safeword: false });
    const token = await sessionToken(t, user);
    t.clock.advance((t.services.settings.get('session_token_ttl_minutes') + 1) * MINUTE_MS);
    expect((await recharge(user, { amount: '12' }, { token })).errorKey).toBe('common.try_later');
  });

  it('accepts an Idempotency-Key header instead of a session token', async () => {
    const user = await walletUser(t, { safeword: false });
    const params = { amount: '15', coin: 'USDT', img: user.proofUrl, from: TRC20_ADDRESS };
    const headers = { 'idempotency-key': 'recharge-2026-11-22-001' };
    const first = await t.call('rechargeBlockchain!recharge', params, { token: user.token, headers, as: 'json' });
    const second = await t.call('rechargeBlockchain!recharge', params, { token: user.token, headers, as: 'json' });
    expect(first.code).toBe('0');
    expect(second).toEqual(first);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(1);
    const none = await t.call('rechargeBlockchain!recharge', params, { token: user.token, as: 'json' });
    expect(none.errorKey).toBe('common.try_later');
  });

  it('allows one unfinished recharge or withdrawal at a time', async () => {
    const user = await walletUser(t, { safeword: false });
    await placeRecharge(t, user, '20');
    const second = await recharge(user, { amount: '30' });
    expect(second.errorKey).toBe('wallet.unfinished_order');
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(1);
  });

  it('lists records in the Page shape, newest first, and never shows another user\'s order', async () => {
    const user = await walletUser(t, { safeword: false });
    await fund(t, user, '11');
    t.clock.advance(1000);
    await fund(t, user, '22');
    t.clock.advance(1000);
    const orderNo = await placeRecharge(t, user, '33');
    const page = await t.call<{ elements: { amount: string; state: number }[]; totalElements: number; thisPageNumber: number }>('rechargeBlockchain!list', { page_no: 1, page_size: 2 }, { token: user.token });
    expect(page.data?.totalElements).toBe(3);
    expect(page.data?.elements.map((row) => [row.amount, row.state])).toEqual([['33.00', 0], ['22.00', 1]]);
    expect((await t.call('rechargeBlockchain!list', { page_no: 0 }, { token: user.token })).errorKey).toBe('common.page_invalid');
    const stranger = await registerUser(t);
    expect((await t.call('rechargeBlockchain!get', { order_no: orderNo }, { token: stranger.token })).errorKey).toBe('wallet.order_not_found');
    expect((await t.call('rechargeBlockchain!get', { order_no: orderNo })).code).toBe('403');
  });

  it('publishes its limits and channels with QR codes', async () => {
    const user = await registerUser(t);
    const limits = await t.call('rechargeBlockchain!rechargeLimitConfig');
    expect(limits.data).toEqual({ rechargeAmountMin: t.services.settings.get('recharge_limit_min'), rechargeAmountMax: t.services.settings.get('recharge_limit_max') });
    const channels = await t.call<{ coin: string; address: string; img: string }[]>('channelBlockchain!list', {}, { token: user.token });
    expect(channels.data?.length).toBe(t.services.settings.get('recharge_channels').length);
    expect(channels.data?.every((channel) => channel.img.startsWith('data:image/png;base64,'))).toBe(true);
    expect((await t.call('channelBlockchain!list')).code).toBe('403');
  });
});

describe('third-party recharge', () => {
  async function pay(user: WalletUser, call = 'thirdPartyRecharge!PHP_recharge', params: Record<string, unknown> = { amount: '580' }) {
    return t.call<string>(call, { session_token: await sessionToken(t, user), ...params }, { token: user.token, remoteAddress: nextAddress() });
  }
  async function callback(body: Record<string, unknown>, signature?: string) {
    const raw = JSON.stringify(body);
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/callback/simulator', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? signBody(SECRET, raw) }, payload: raw });
    return { status: response.statusCode, body: response.json() as { state?: string; errorKey?: string } };
  }
  async function paymentOf(userId: string) {
    const rows = await t.database.pool.query<{ order_no: string; provider_reference: string; amount: string; credit_amount: string }>(
      "select order_no, provider_reference, amount::text, credit_amount::text from recharge_orders where user_id = $1 and method = 'third_party'",
      [userId],
    );
    const row = rows.rows[0];
    if (!row) throw new Error('no payment');
    return row;
  }

  it('lists the open channels with their ranges', async () => {
    const user = await registerUser(t);
    const list = await t.call<{ productType: string; range: { bank_code: string }[] }[]>('thirdPartyRecharge!getCoinList', {}, { token: user.token });
    expect(list.data?.map((channel) => channel.productType)).toEqual(['Bank', 'GCash', 'GCash2', 'GCash3', 'Maya', 'GCashPay']);
  });

  it('answers a payment URL; the signed callback credits the wallet exactly once', async () => {
    const user = await walletUser(t, { safeword: false });
    const response = await pay(user);
    expect(response.code).toBe('0');
    expect(response.data).toMatch(/\/payments\/simulator\/sim_[0-9a-f]{24}$/);
    const payment = await paymentOf(user.id);
    const body = { reference: payment.provider_reference, orderNo: payment.order_no, status: 'succeeded', amount: '580', currency: 'PHP' };

    expect(await callback(body, 'f'.repeat(64))).toMatchObject({ status: 401, body: { errorKey: 'wallet.payment_signature_invalid' } });
    expect(await callback(body, 'not-hex')).toMatchObject({ status: 401 });
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });

    expect(await callback(body)).toEqual({ status: 200, body: { state: 'approved' } });
    expect(await callback(body)).toEqual({ status: 200, body: { state: 'approved' } });
    expect(await balanceOf(t, user)).toMatchObject({ money: '10.00' }); // 580 PHP at 58 per USDT
    expect(await callback({ ...body, orderNo: 'R000' })).toMatchObject({ status: 404 });
    await expectLedgerConsistent(t);
  });

  it('the simulator page pays through the same signed callback', async () => {
    const user = await walletUser(t, { safeword: false });
    const url = new URL((await pay(user, 'thirdPartyRecharge!recharge', { amount: '116', frenchCurrency: 'PHP' })).data ?? '', 'http://localhost');
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('116');
    const paid = await t.app.inject({ method: 'POST', url: url.pathname, payload: 'outcome=succeeded', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(paid.body).toContain('Payment approved');
    expect(await balanceOf(t, user)).toMatchObject({ money: '2.00' });
  });

  it('refuses a callback body over its limit as too large (413), not as a server error (fuzz finding)', async () => {
    const raw = JSON.stringify({ reference: 'x'.repeat(20 * 1024) });
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/callback/simulator', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, raw) }, payload: raw });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ errorKey: 'common.payload_too_large' });
  });

  it('a failed payment credits nothing, and an abandoned one stops blocking after 30 minutes', async () => {
    const user = await walletUser(t, { safeword: false });
    await pay(user);
    const payment = await paymentOf(user.id);
    expect(await callback({ reference: payment.provider_reference, orderNo: payment.order_no, status: 'failed', amount: '580', currency: 'PHP' })).toMatchObject({ body: { state: 'failed' } });
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });

    await pay(user);
    expect((await pay(user)).errorKey).toBe('wallet.unfinished_order');
    t.clock.advance(31 * MINUTE_MS);
    expect((await pay(user)).code).toBe('0');
    const states = await t.database.pool.query<{ state: string }>('select state from recharge_orders where user_id = $1 order by created_at', [user.id]);
    expect(states.rows.map((row) => row.state)).toEqual(['failed', 'failed', 'pending']);
  });

  it.each([
    ['no fiat currency on a multi-currency channel', 'thirdPartyRecharge!recharge', { amount: '100' }, 'wallet.fiat_required'],
    ['an unknown fiat currency', 'thirdPartyRecharge!recharge', { amount: '100', frenchCurrency: 'EUR' }, 'wallet.fiat_invalid'],
    ['below the channel minimum', 'thirdPartyRecharge!PHP_recharge', { amount: '99.99' }, 'wallet.recharge_below_min'],
    ['above the channel maximum', 'thirdPartyRecharge!PHP_recharge4', { amount: '50000.01' }, 'wallet.recharge_above_max'],
    ['three decimals', 'thirdPartyRecharge!PHP_recharge', { amount: '100.001' }, 'wallet.recharge_amount_invalid'],
  ])('refuses %s', async (_name, call, params, key) => {
    const user = await walletUser(t, { safeword: false });
    expect((await pay(user, call, params)).errorKey).toBe(key);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(0);
  });
});

describe('bank-card recharge', () => {
  async function bankCard(user: WalletUser, params: Record<string, unknown>) {
    return t.call<{ order_no: string }>('bankCardRecharge!recharge', { session_token: await sessionToken(t, user), ...params }, { token: user.token, remoteAddress: nextAddress() });
  }

  it('stores the card number masked only, and is reviewed like a blockchain deposit', async () => {
    const user = await walletUser(t, { safeword: false });
    const card = '4111 1111 1111 1111';
    const placed = await bankCard(user, { amount: '50', bankName: 'Metrobank', cardNumber: card });
    expect(placed.code).toBe('0');
    const dump = await t.database.pool.query<{ row: string }>("select row_to_json(r)::text as row from recharge_orders r where user_id = $1", [user.id]);
    expect(dump.rows[0]?.row).toContain('**** **** **** 1111');
    const everywhere = await t.database.pool.query<{ n: number }>(
      "select (select count(*) from recharge_orders r where row_to_json(r)::text like '%4111111111111111%') + (select count(*) from idempotency_records i where i.outcome::text like '%41111111%') + (select count(*) from audit_log a where a.detail::text like '%41111111%') as n",
    );
    expect(Number(everywhere.rows[0]?.n)).toBe(0);
    await t.services.recharges.approve(await rechargeIdOf(t, placed.data?.order_no ?? ''), { type: 'system', id: 'test', reason: 'bank statement checked' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '50.00' });
    await expectLedgerConsistent(t);
  });

  it.each([
    ['a failed Luhn check', { cardNumber: '4111111111111112', bankName: 'BDO' }, 'wallet.card_number_invalid'],
    ['too few digits', { cardNumber: '41111111', bankName: 'BDO' }, 'wallet.card_number_invalid'],
    ['letters', { cardNumber: '4111-1111-1111-111a', bankName: 'BDO' }, 'wallet.card_number_invalid'],
    ['no bank name', { cardNumber: '4111111111111111' }, 'wallet.bank_name_required'],
    ['no card number', { bankName: 'BDO' }, 'wallet.card_number_invalid'],
    ['an unknown currency', { cardNumber: '4111111111111111', bankName: 'BDO', currency: 'XYZ' }, 'wallet.fiat_invalid'],
  ])('refuses %s', async (_name, params, key) => {
    const user = await walletUser(t, { safeword: false });
    expect((await bankCard(user, { amount: '50', ...params })).errorKey).toBe(key);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(0);
  });
});
