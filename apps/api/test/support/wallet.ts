import sharp from 'sharp';
import { expect } from 'vitest';
import { checkLedgerInvariants } from '../../src/modules/wallet/ledger/invariants.ts';
import type { OperatorRole } from '../../src/modules/operators/operators.service.ts';
import { nextAddress, registerUser, type TestApp, type TestUser } from './test-app.ts';

// Helpers of the wallet tests: users with a fund password and a proof image, operators with a console
// token, and the ledger's invariants.

export const SAFEWORD = '246810';
/** A valid TRC20 address (base58check with the 0x41 prefix). */
export const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface WalletUser extends TestUser {
  id: string;
  proofUrl: string;
}

let proofCounter = 0;
/** A small PNG uploaded as `userId` (each call a different picture). */
export async function uploadProof(t: TestApp, userId: string): Promise<string> {
  proofCounter += 1;
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: proofCounter % 256, g: (proofCounter >> 8) % 256, b: 99 } } }).png().toBuffer();
  return (await t.services.uploads.storeImage(png, 'general', userId)).url;
}

export async function userIdOf(t: TestApp, token: string): Promise<string> {
  const result = await t.services.sessions.authenticate(token);
  if (!result.ok) throw new Error('not logged in');
  return result.user.id;
}

/** A registered user with a fund password and an uploaded proof image. */
export async function walletUser(t: TestApp, options: { safeword?: boolean; address?: boolean } = {}): Promise<WalletUser> {
  const user = await registerUser(t);
  const id = await userIdOf(t, user.token);
  if (options.safeword !== false) {
    const set = await t.call('user!setSafewordReg', { safeword: SAFEWORD, re_safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
    expect(set.code).toBe('0');
  }
  if (options.address) {
    const bound = await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, { token: user.token, remoteAddress: nextAddress() });
    expect(bound.code).toBe('0');
  }
  return { ...user, id, proofUrl: await uploadProof(t, id) };
}

/** A fresh single-use session token. */
export async function sessionToken(t: TestApp, user: TestUser): Promise<string> {
  const response = await t.call<{ session_token: string }>('rechargeBlockchain!recharge_open', {}, { token: user.token, remoteAddress: nextAddress() });
  expect(response.code).toBe('0');
  return response.data?.session_token ?? '';
}

/** Places a USDT TRC20 deposit with proof through the legacy call; answers its order number. */
export async function placeRecharge(t: TestApp, user: WalletUser, amount: string): Promise<string> {
  const response = await t.call<{ order_no: string }>(
    'rechargeBlockchain!recharge',
    { session_token: await sessionToken(t, user), amount, coin: 'USDT', blockchain_name: 'TRC20', img: user.proofUrl, from: TRC20_ADDRESS },
    { token: user.token, remoteAddress: nextAddress() },
  );
  expect(response.errorKey ?? 'ok').toBe('ok');
  return response.data?.order_no ?? '';
}

export async function rechargeIdOf(t: TestApp, orderNo: string): Promise<string> {
  const rows = await t.database.pool.query<{ id: string }>('select id from recharge_orders where order_no = $1', [orderNo]);
  return rows.rows[0]?.id ?? '';
}

export async function withdrawalIdOf(t: TestApp, orderNo: string): Promise<string> {
  const rows = await t.database.pool.query<{ id: string }>('select id from withdraw_orders where order_no = $1', [orderNo]);
  return rows.rows[0]?.id ?? '';
}

/** Applies for a withdrawal of `amount` to the user's bound address through the legacy call; answers its order number and id. */
export async function applyWithdrawal(t: TestApp, user: TestUser, amount: string): Promise<{ orderNo: string; id: string }> {
  const response = await t.call<{ order_no: string }>('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount }, { token: user.token, remoteAddress: nextAddress() });
  expect(response.errorKey ?? 'accepted').toBe('accepted');
  const orderNo = response.data?.order_no ?? '';
  return { orderNo, id: await withdrawalIdOf(t, orderNo) };
}

const SYSTEM = { type: 'system' as const, id: 'test', reason: 'test funding' };

/** Gives a user spendable money: a deposit approved at once. */
export async function fund(t: TestApp, user: WalletUser, amount: string): Promise<void> {
  const orderNo = await placeRecharge(t, user, amount);
  await t.services.recharges.approve(await rechargeIdOf(t, orderNo), SYSTEM);
}

export async function balanceOf(t: TestApp, user: TestUser): Promise<{ money: string; frozen: string }> {
  const response = await t.call<{ money: string; frozen: string }>('wallet!getUsdt', {}, { token: user.token });
  expect(response.code).toBe('0');
  return response.data ?? { money: '', frozen: '' };
}

let operatorCounter = 0;
export const OPERATOR_PASSWORD = 'Console#Review2026';

/** Creates an operator of the role and logs it in through the REST route; answers its bearer token. */
export async function operatorToken(t: TestApp, role: OperatorRole = 'finance'): Promise<{ token: string; username: string }> {
  operatorCounter += 1;
  const username = `op${process.pid}x${operatorCounter}`;
  await t.services.operators.create({ username, password: OPERATOR_PASSWORD, role });
  const response = await t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: { username, password: OPERATOR_PASSWORD }, remoteAddress: nextAddress() });
  expect(response.statusCode).toBe(200);
  return { token: response.json().token as string, username };
}

/** A console REST call with the operator's token. */
export async function consoleCall<T = Record<string, unknown>>(t: TestApp, method: 'GET' | 'POST', url: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({
    method,
    url: `/console/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

export async function expectLedgerConsistent(t: TestApp): Promise<void> {
  const report = await checkLedgerInvariants(t.database.db);
  expect(report.problems).toEqual([]);
}

/** Rows of a table for a user, to prove that refused requests wrote nothing. */
export async function countRows(t: TestApp, table: 'recharge_orders' | 'withdraw_orders', userId: string): Promise<number> {
  const rows = await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [userId]);
  return rows.rows[0]?.n ?? 0;
}
