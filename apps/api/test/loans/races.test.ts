import { describe, expect, it } from 'vitest';
import { applicant, applicationInput, applicationOf, borrower } from '../support/loans.ts';
import { outcomeKey } from '../support/outcomes.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, expectLedgerConsistent, fund, SAFEWORD } from '../support/wallet.ts';

// Concurrency: one unfinished loan per user under 100 simultaneous applications, one repayment under
// 50 simultaneous repayments, and replays of one Idempotency-Key.

const t = await useTestApp();

async function count(sql: string, userId: string): Promise<number> {
  const rows = await t.database.pool.query<{ n: number }>(sql, [userId]);
  return rows.rows[0]?.n ?? 0;
}

describe('loan races', () => {
  it('100 concurrent credit!apply from one user: exactly one loan', async () => {
    const user = await applicant(t);
    const input = applicationInput(user);
    const results = await Promise.all(Array.from({ length: 100 }, () => outcomeKey(t.services.loans.apply(user.id, input))));
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(new Set(results.filter((result) => result !== 'ok'))).toEqual(new Set(['loans.unfinished_exists']));
    expect(await count('select count(*)::int as n from loans where user_id = $1', user.id)).toBe(1);
  });

  it('20 concurrent credit!apply over the wire: one loan, the others refused with the stable key', async () => {
    const user = await applicant(t);
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.call('credit!apply', applicationOf(user), { token: user.token, remoteAddress: nextAddress() })));
    expect(replies.filter((reply) => reply.code === '0')).toHaveLength(1);
    expect(new Set(replies.filter((reply) => reply.code !== '0').map((reply) => reply.errorKey))).toEqual(new Set(['loans.unfinished_exists']));
    expect(await count('select count(*)::int as n from loans where user_id = $1', user.id)).toBe(1);
  });

  it('50 concurrent credit!pay: exactly one repayment, the money taken once', async () => {
    const user = await borrower(t, '100000', '7');
    await fund(t, user, '1000');
    const results = await Promise.all(Array.from({ length: 50 }, () => outcomeKey(t.services.loanRepayments.pay(user.id, user.creditId, SAFEWORD))));
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(new Set(results.filter((result) => result !== 'ok'))).toEqual(new Set(['loans.not_repayable']));
    expect(await count("select count(*)::int as n from ledger_transfers where kind = 'loan_repayment' and reference_id = (select id from loans where user_id = $1)", user.id)).toBe(1);
    // 100,000 + 700 interest out of 101,000
    expect(await balanceOf(t, user)).toMatchObject({ money: '300.00' });
    await expectLedgerConsistent(t);
  });

  it('replays of one Idempotency-Key answer the first outcome without paying twice', async () => {
    const user = await borrower(t, '100000', '7');
    await fund(t, user, '700');
    // 8: the fund-password rate limit allows 10 a minute, and setting the password was one
    const headers = { 'idempotency-key': 'repay-once' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => t.call('credit!pay', { creditId: user.creditId, safeword: SAFEWORD }, { token: user.token, headers, remoteAddress: nextAddress() })),
    );
    expect(replies.map((reply) => reply.errorKey ?? 'ok')).toEqual(Array.from({ length: 8 }, () => 'ok'));
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });
    await expectLedgerConsistent(t);
  });
});
