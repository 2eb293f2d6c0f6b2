import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/platform/clock.ts';
import { JOBS_QUEUE_NAME } from '../../src/platform/jobs.ts';
import { borrower, loanRow } from '../support/loans.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, expectLedgerConsistent, fund, SAFEWORD } from '../support/wallet.ts';

// Overdue without anyone acting: the due time is a column on the loan, the scheduler's loan.overdue
// kind turns it overdue (driven here by the injected clock and runDue), and overdue interest accrues
// at the overdue rate per started day late from then on.

const t = await useTestApp({ start: '2026-05-01T00:00:00Z' });

describe('loan overdue', () => {
  it('turns overdue at the due time through the scheduler, idempotently, and repayment takes the overdue interest', async () => {
    const user = await borrower(t, '100000', '7');
    const row = await loanRow(t, user.creditId);
    expect(row?.due_at?.toISOString()).toBe('2026-05-08T00:00:00.000Z');

    // not due yet
    t.clock.advance(7 * DAY_MS - MINUTE_MS);
    expect((await t.services.scheduler.runDue()).filter((outcome) => outcome.id === user.creditId)).toEqual([]);
    expect((await t.call('credit!bill', {}, { token: user.token })).data).toMatchObject({ status: 2, overdueDays: 0, estimatePayment: '100700.00' });

    t.clock.advance(2 * MINUTE_MS);
    expect(await t.services.scheduler.runDue()).toContainEqual({ kind: 'loan.overdue', id: user.creditId, ok: true });
    expect((await loanRow(t, user.creditId))?.state).toBe('overdue');
    // a second sweep, and a late duplicate delivery, change nothing
    expect((await t.services.scheduler.runDue()).filter((outcome) => outcome.id === user.creditId)).toEqual([]);
    expect(await t.services.loanReview.markOverdueIfDue(user.creditId)).toBe(false);
    const audit = await t.database.pool.query<{ actor_type: string; actor_id: string; reason: string }>("select actor_type, actor_id, reason from audit_log where action = 'loan.overdue' and target_id = $1", [user.creditId]);
    expect(audit.rows).toEqual([{ actor_type: 'system', actor_id: 'loan.overdue', reason: 'due date passed without repayment' }]);

    // one minute late is one started day: 100,000 x 0.005 = 500
    expect((await t.call('credit!bill', {}, { token: user.token })).data).toMatchObject({ status: 3, overdueDays: 1, overdueInterest: '500.00', estimatePayment: '101200.00' });
    t.clock.advance(2 * DAY_MS + HOUR_MS);
    const history = await t.call<{ elements: Record<string, unknown>[] }>('credit!histroy', {}, { token: user.token });
    expect(history.data?.elements[0]).toMatchObject({ status: 3, overdueInterest: '1500.00', estimatePayment: '102200.00' });
    expect((await t.call('credit!beforepay', { creditId: user.creditId }, { token: user.token })).data).toMatchObject({ overdueDays: 3, overdueInterest: '1500.00', estimatePayment: '102200.00' });

    await fund(t, user, '2200');
    const paid = await t.call('credit!pay', { creditId: user.creditId, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
    expect(paid.code).toBe('0');
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });
    expect((await t.call<{ elements: Record<string, unknown>[] }>('credit!histroy', {}, { token: user.token })).data?.elements[0]).toMatchObject({
      status: 5,
      actualRepayment: '102200.00',
      overdueInterest: '1500.00',
    });
    const kinds = await t.database.pool.query<{ kind: string; amount: string }>("select kind, amount::text from ledger_transfers where reference_id = $1 order by created_at, kind", [user.creditId]);
    expect(kinds.rows.map((transfer) => [transfer.kind, Number(transfer.amount)])).toEqual(
      expect.arrayContaining([
        ['loan_receivable', 100000],
        ['loan_disbursement', 100000],
        ['loan_repayment', 100000],
        ['loan_interest', 700],
        ['loan_overdue_interest', 1500],
      ]),
    );
    await expectLedgerConsistent(t);
  });

  it('a loan repaid before its due time never turns overdue', async () => {
    const user = await borrower(t, '100000', '15');
    await fund(t, user, '1500');
    expect((await t.call('credit!pay', { creditId: user.creditId, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() })).code).toBe('0');
    t.clock.advance(16 * DAY_MS);
    expect((await t.services.scheduler.runDue()).filter((outcome) => outcome.id === user.creditId)).toEqual([]);
    expect((await loanRow(t, user.creditId))?.state).toBe('repaid');
  });
});

const redisUrl = inject('redisUrl');
describe.runIf(redisUrl)('loan overdue, BullMQ on Redis', () => {
  const redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 3 });
  const prefix = `caravan-test-loans-${process.pid}-${Date.now()}`;
  afterAll(async () => {
    const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    await redis.quit();
  });

  it('puts the due time in Redis as a delayed job, and the sweep runs the same handler', async () => {
    const r = await useTestApp({ redis, jobPrefix: prefix, start: '2026-05-01T00:00:00Z' });
    const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix });
    try {
      const user = await borrower(r, '100000', '7');
      const job = (await queue.getDelayed()).find((candidate) => candidate.id?.startsWith(`loan.overdue@${user.creditId}@`));
      expect(job?.delay).toBe(7 * DAY_MS);
      r.clock.advance(7 * DAY_MS + MINUTE_MS);
      expect(await r.services.scheduler.runDue()).toContainEqual({ kind: 'loan.overdue', id: user.creditId, ok: true });
      expect((await loanRow(r, user.creditId))?.state).toBe('overdue');
    } finally {
      await queue.close();
    }
  });
});
