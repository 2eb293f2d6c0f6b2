import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import {
  balanceOf,
  consoleCall,
  expectLedgerConsistent,
  fund,
  operatorToken,
  rechargeIdOf,
  SAFEWORD,
  sessionToken,
  TRC20_ADDRESS,
  walletUser,
  withdrawalIdOf,
} from '../support/wallet.ts';

// The acceptance journey of the wallet (README walk-through): recharge with a proof image, an operator
// approves through the REST API, the balance shows it, the user binds an address and withdraws, an
// operator pays out with a transaction hash, and the statement explains every step.

const t = await useTestApp();

async function uploadThroughLegacyCall(token: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86de' } }).png().toBuffer();
  const boundary = '----caravanproof';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/wap/api/uploadimg!execute.action', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const body = response.json() as { code: string; data: string };
  expect(body.code).toBe('0');
  return body.data;
}

describe('wallet journey', () => {
  it('recharge with proof -> operator approves -> bind -> withdraw -> operator pays out -> statement explains it', async () => {
    const user = await walletUser(t);
    const finance = await operatorToken(t, 'finance');
    expect(await balanceOf(t, user)).toEqual({ money: '0.00', rebate: '0.00', frozen: '0.00' });

    // 1. the deposit, with a screenshot uploaded through the legacy upload call
    const proof = await uploadThroughLegacyCall(user.token);
    const channels = await t.call<{ coin: string; blockchain_name: string; address: string; img: string }[]>('channelBlockchain!list', {}, { token: user.token });
    const trc20 = channels.data?.find((channel) => channel.coin === 'USDT' && channel.blockchain_name === 'TRC20');
    expect(trc20?.img).toMatch(/^data:image\/png;base64,/);
    const placed = await t.call<{ order_no: string }>(
      'rechargeBlockchain!recharge',
      { session_token: await sessionToken(t, user), amount: '250.50', coin: 'USDT', blockchain_name: 'TRC20', channel_address: trc20?.address, img: proof, from: TRC20_ADDRESS, tx: 'abc123' },
      { token: user.token },
    );
    expect(placed.code).toBe('0');
    const rechargeNo = placed.data?.order_no ?? '';
    expect(rechargeNo).toMatch(/^R\d{20}$/);
    const pending = await t.call<{ state: number; img: string; volume: string }>('rechargeBlockchain!get', { order_no: rechargeNo }, { token: user.token });
    expect(pending.data).toMatchObject({ state: 0, img: proof, volume: '250.50' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });

    // 2. the operator sees it in the queue with the proof, and approves it
    const queue = await consoleCall<{ items: { id: string; orderNo: string; proofImageUrl: string; username: string }[] }>(t, 'GET', `/recharges?state=pending&userId=${user.id}`, finance.token);
    expect(queue.status).toBe(200);
    expect(queue.body.items).toHaveLength(1);
    expect(queue.body.items[0]).toMatchObject({ orderNo: rechargeNo, proofImageUrl: proof, username: user.username });
    const approved = await consoleCall<{ state: string; transferId: string }>(t, 'POST', `/recharges/${queue.body.items[0]?.id}/approve`, finance.token, { reason: 'proof matches the chain' });
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('approved');
    expect(await balanceOf(t, user)).toMatchObject({ money: '250.50', frozen: '0.00' });
    expect((await t.call<{ state: number }>('rechargeBlockchain!get', { order_no: rechargeNo }, { token: user.token })).data?.state).toBe(1);

    // 3. bind the withdrawal address, once
    const bound = await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, { token: user.token });
    expect(bound).toMatchObject({ code: '0', msg: 'Withdrawal address bound' });
    const open = await t.call<{ existWithdrawAddress: string; chainName: string; session_token: string }>('withdraw!withdraw_open', {}, { token: user.token });
    expect(open.data).toMatchObject({ existWithdrawAddress: TRC20_ADDRESS, chainName: 'TRC20' });

    // 4. withdraw 100: the fee is 1% (1.00), 99.00 arrives, 100 is held until the payout
    const fee = await t.call<{ withdraw_fee: string }>('withdraw!fee', { channel: 'USDT' }, { token: user.token });
    expect(fee.data?.withdraw_fee).toBe('0.01');
    const applied = await t.call<{ order_no: string }>('withdraw!apply', { session_token: open.data?.session_token, safeword: SAFEWORD, amount: '100', from: TRC20_ADDRESS, channel: 'USDT' }, { token: user.token });
    expect(applied.code).toBe('0');
    const withdrawNo = applied.data?.order_no ?? '';
    expect(await balanceOf(t, user)).toMatchObject({ money: '150.50', frozen: '100.00' });
    const record = await t.call<{ volume: string; amount: string; fee: string; state: number; to: string }>('withdraw!get', { order_no: withdrawNo }, { token: user.token });
    expect(record.data).toMatchObject({ volume: '100.00', amount: '99.00', fee: '1.00', state: 0, to: TRC20_ADDRESS });

    // 5. the operator pays out on chain and approves with the hash
    const withdrawalId = await withdrawalIdOf(t, withdrawNo);
    const payout = await consoleCall<{ state: string; txHash: string }>(t, 'POST', `/withdrawals/${withdrawalId}/approve`, finance.token, { txHash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90' });
    expect(payout.status).toBe(200);
    expect(payout.body.state).toBe('approved');
    expect(await balanceOf(t, user)).toMatchObject({ money: '150.50', frozen: '0.00' });
    expect((await t.call<{ state: number; tx: string }>('withdraw!get', { order_no: withdrawNo }, { token: user.token })).data).toMatchObject({ state: 1, tx: payout.body.txHash });

    // 6. the statement explains every step, newest first, with running balances
    const statement = await t.call<{ elements: { kind: string; direction: string; amount: string; balance: string; available: string }[]; totalElements: number }>('wallet!statement', {}, { token: user.token });
    expect(statement.data?.totalElements).toBe(3);
    expect(statement.data?.elements.map(({ kind, direction, amount, balance, available }) => ({ kind, direction, amount, balance, available }))).toEqual([
      { kind: 'withdrawal', direction: 'out', amount: '100.00', balance: '150.50', available: '150.50' },
      { kind: 'withdrawal_hold', direction: 'hold', amount: '100.00', balance: '250.50', available: '150.50' },
      { kind: 'recharge', direction: 'in', amount: '250.50', balance: '250.50', available: '250.50' },
    ]);
    const operatorView = await consoleCall<{ balance: string; lines: { total: number } }>(t, 'GET', `/users/${user.id}/statement`, finance.token);
    expect(operatorView.body).toMatchObject({ balance: '150.50', lines: { total: 3 } });

    // every decision is in the audit log with its operator and reason
    const audit = await t.database.pool.query<{ action: string; reason: string; actor_type: string }>(
      "select action, reason, actor_type from audit_log where target_type in ('recharge', 'withdrawal') and target_id in ($1, $2) order by id",
      [queue.body.items[0]?.id, withdrawalId],
    );
    expect(audit.rows).toEqual([
      { action: 'recharge.approve', reason: 'proof matches the chain', actor_type: 'operator' },
      { action: 'withdrawal.approve', reason: 'approved after review', actor_type: 'operator' },
    ]);

    // the platform's side: payout holds what went out, fees income the fee
    const platform = await t.database.pool.query<{ code: string; balance: string }>(
      "select code, (credits_posted - debits_posted)::text as balance from ledger_accounts where code in ('platform:payout', 'platform:fees_income', 'platform:cash_in:usdt_trc20') order by code",
    );
    expect(Object.fromEntries(platform.rows.map((row) => [row.code, Number(row.balance).toFixed(2)]))).toEqual({
      'platform:cash_in:usdt_trc20': '-250.50',
      'platform:fees_income': '1.00',
      'platform:payout': '99.00',
    });
    await expectLedgerConsistent(t);
  });

  it('a rejected withdrawal releases the hold, and a rejected recharge credits nothing', async () => {
    const user = await walletUser(t, { address: true });
    const finance = await operatorToken(t);
    const placed = await t.call<{ order_no: string }>(
      'rechargeBlockchain!recharge',
      { session_token: await sessionToken(t, user), amount: '80', coin: 'USDT', blockchain_name: 'TRC20', img: user.proofUrl, from: TRC20_ADDRESS },
      { token: user.token, remoteAddress: nextAddress() },
    );
    const rechargeId = await rechargeIdOf(t, placed.data?.order_no ?? '');
    const noReason = await consoleCall<{ errorKey: string }>(t, 'POST', `/recharges/${rechargeId}/reject`, finance.token, { reason: '  ' });
    expect(noReason).toMatchObject({ status: 400, body: { errorKey: 'wallet.reason_required' } });
    const rejected = await consoleCall<{ state: string; rejectReason: string }>(t, 'POST', `/recharges/${rechargeId}/reject`, finance.token, { reason: 'no such transfer on chain' });
    expect(rejected.body).toMatchObject({ state: 'rejected', rejectReason: 'no such transfer on chain' });
    const record = await t.call<{ state: number; reject_reason: string }>('rechargeBlockchain!get', { order_no: placed.data?.order_no }, { token: user.token });
    expect(record.data).toMatchObject({ state: 2, reject_reason: 'no such transfer on chain' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });
    const again = await consoleCall<{ errorKey: string }>(t, 'POST', `/recharges/${rechargeId}/approve`, finance.token, {});
    expect(again).toMatchObject({ status: 409, body: { errorKey: 'wallet.order_already_processed' } });

    await fund(t, user, '80');
    expect(await balanceOf(t, user)).toMatchObject({ money: '80.00' });

    const applied = await t.call<{ order_no: string }>('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount: '50' }, { token: user.token, remoteAddress: nextAddress() });
    expect(await balanceOf(t, user)).toMatchObject({ money: '30.00', frozen: '50.00' });
    const withdrawalId = await withdrawalIdOf(t, applied.data?.order_no ?? '');
    const badHash = await consoleCall<{ errorKey: string }>(t, 'POST', `/withdrawals/${withdrawalId}/approve`, finance.token, { txHash: 'x' });
    expect(badHash.body.errorKey).toBe('wallet.tx_hash_required');
    const refused = await consoleCall<{ state: string }>(t, 'POST', `/withdrawals/${withdrawalId}/reject`, finance.token, { reason: 'address flagged by compliance' });
    expect(refused.body.state).toBe('rejected');
    expect(await balanceOf(t, user)).toMatchObject({ money: '80.00', frozen: '0.00' });
    const statement = await t.call<{ elements: { kind: string; direction: string; available: string }[] }>('wallet!statement', { kind: 'withdrawal' }, { token: user.token });
    expect(statement.data?.elements.map((line) => [line.kind, line.direction, line.available])).toEqual([
      ['withdrawal_release', 'release', '80.00'],
      ['withdrawal_hold', 'hold', '30.00'],
    ]);
    await expectLedgerConsistent(t);
  });
});
