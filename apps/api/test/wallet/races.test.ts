import { parseMoney } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import { outcomeKey } from '../support/outcomes.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, countRows, expectLedgerConsistent, fund, SAFEWORD, sessionToken, TRC20_ADDRESS, walletUser } from '../support/wallet.ts';

const t = await useTestApp();

describe('wallet races', () => {
  it('200 concurrent withdrawal applications by one user: exactly one is accepted, the balance never goes negative', async () => {
    const user = await walletUser(t, { address: true });
    await fund(t, user, '150');
    const tokens = await Promise.all(Array.from({ length: 200 }, () => t.services.wallet.openSession(user.id)));
    const results = await Promise.all(
      tokens.map((token) => outcomeKey(t.services.withdrawals.apply(user.id, { amount: parseMoney('100'), safeword: SAFEWORD }, { sessionToken: token }))),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(new Set(results.filter((result) => result !== 'ok'))).toEqual(new Set(['wallet.unfinished_order']));
    expect(await countRows(t, 'withdraw_orders', user.id)).toBe(1);
    expect(await balanceOf(t, user)).toMatchObject({ money: '50.00', frozen: '100.00' });
    await expectLedgerConsistent(t);
  });

  it("20 concurrent first deposits of a user without a wallet yet: exactly one is placed (the wallet's lock serialises them once it exists)", async () => {
    const user = await walletUser(t, { safeword: false });
    expect((await t.database.pool.query('select 1 from ledger_accounts where owner_id = $1', [user.id])).rowCount).toBe(0);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => t.services.wallet.openSession(user.id)));
    const results = await Promise.all(
      tokens.map((token) =>
        outcomeKey(t.services.recharges.recharge(user.id, { amount: parseMoney('25'), coin: 'USDT', blockchain_name: 'TRC20', img: user.proofUrl, from: TRC20_ADDRESS }, { sessionToken: token })),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(new Set(results.filter((result) => result !== 'ok'))).toEqual(new Set(['wallet.unfinished_order']));
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('20 replays of one request (same session token): one effect and identical replies', async () => {
    const user = await walletUser(t, { safeword: false });
    const token = await sessionToken(t, user);
    const params = { session_token: token, amount: '77.70', coin: 'USDT', blockchain_name: 'TRC20', img: user.proofUrl, from: TRC20_ADDRESS };
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.call('rechargeBlockchain!recharge', params, { token: user.token, remoteAddress: nextAddress() })));
    expect(replies[0]?.code).toBe('0');
    for (const reply of replies) expect(reply).toEqual(replies[0]);
    expect(await countRows(t, 'recharge_orders', user.id)).toBe(1);
  });

  it('20 replays of one withdrawal (Idempotency-Key): one hold and identical replies, refusals replayed too', async () => {
    const user = await walletUser(t, { address: true });
    await fund(t, user, '40');
    const key = { idempotencyKey: 'withdraw-once' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => t.services.withdrawals.apply(user.id, { amount: parseMoney('30'), safeword: SAFEWORD }, key).then((data) => ({ data }), (error: unknown) => ({ error: String(error) }))),
    );
    expect(new Set(replies.map((reply) => JSON.stringify(reply))).size).toBe(1);
    expect(await balanceOf(t, user)).toMatchObject({ money: '10.00', frozen: '30.00' });

    // a refused request is refused again on replay, without running again
    const other = await walletUser(t, { address: true });
    await fund(t, other, '20');
    const refusal = { idempotencyKey: 'too-much' };
    const first = await outcomeKey(t.services.withdrawals.apply(other.id, { amount: parseMoney('25'), safeword: SAFEWORD }, refusal));
    await fund(t, other, '20');
    const replay = await outcomeKey(t.services.withdrawals.apply(other.id, { amount: parseMoney('25'), safeword: SAFEWORD }, refusal));
    expect([first, replay]).toEqual(['wallet.balance_insufficient', 'wallet.balance_insufficient']);
    expect(await outcomeKey(t.services.withdrawals.apply(other.id, { amount: parseMoney('26'), safeword: SAFEWORD }, refusal))).toBe('common.idempotency_mismatch');
    expect(await countRows(t, 'withdraw_orders', other.id)).toBe(0);
    await expectLedgerConsistent(t);
  });
});
