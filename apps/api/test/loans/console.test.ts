import { describe, expect, it } from 'vitest';
import { applicant, applyFor, loanRow } from '../support/loans.ts';
import { useTestApp } from '../support/test-app.ts';
import { balanceOf, consoleCall, expectLedgerConsistent, operatorToken } from '../support/wallet.ts';

// The console's loan routes: the queue with its filters, the detail with the three pictures and the
// applicant's history, approve / reject with roles, maker-checker above the configured amount, and an
// audit entry (actor and reason) for every decision.

const t = await useTestApp();

interface ConsoleLoan {
  id: string;
  state: string;
  userId: string;
  username: string;
  amount: string;
  proposedBy: string | null;
  needsSecondApproval: boolean;
  reviewedBy: string | null;
  dueAt: string | null;
}

async function auditOf(id: string) {
  const rows = await t.database.pool.query<{ action: string; actor_type: string; actor_id: string; reason: string }>(
    "select action, actor_type, actor_id, reason from audit_log where target_type = 'loan' and target_id = $1 order by id",
    [id],
  );
  return rows.rows;
}

describe('console loans: roles and decisions', () => {
  it('support reads the queue but cannot decide; finance approves and the wallet is credited once', async () => {
    const user = await applicant(t);
    const id = await applyFor(t, user, { applyAmount: '200000', creditPeriod: '15' });
    const support = await operatorToken(t, 'support');
    expect((await consoleCall(t, 'GET', `/loans/${id}`, support.token)).status).toBe(200);
    const refused = await consoleCall(t, 'POST', `/loans/${id}/approve`, support.token, {});
    expect(refused).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect((await consoleCall(t, 'POST', `/loans/${id}/reject`, support.token, { reason: 'no' })).status).toBe(403);
    expect((await consoleCall(t, 'GET', '/loans', undefined)).status).toBe(401);

    const finance = await operatorToken(t, 'finance');
    const approved = await consoleCall<ConsoleLoan>(t, 'POST', `/loans/${id}/approve`, finance.token, { reason: 'identity verified' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, state: 'approved', amount: '200000.00', needsSecondApproval: false, proposedBy: null });
    expect(approved.body.dueAt).not.toBeNull();
    expect(await balanceOf(t, user)).toMatchObject({ money: '200000.00' });
    // a second decision is refused and moves nothing
    expect(await consoleCall(t, 'POST', `/loans/${id}/approve`, finance.token, {})).toMatchObject({ status: 409, body: { errorKey: 'loans.already_decided' } });
    expect(await consoleCall(t, 'POST', `/loans/${id}/reject`, finance.token, { reason: 'changed my mind' })).toMatchObject({ status: 409, body: { errorKey: 'loans.already_decided' } });
    expect(await balanceOf(t, user)).toMatchObject({ money: '200000.00' });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'loan.apply', actor_type: 'user', actor_id: user.id }),
      expect.objectContaining({ action: 'loan.approve', actor_type: 'operator', reason: 'identity verified' }),
    ]);
    await expectLedgerConsistent(t);
  });

  it('reject needs a reason; unknown loans are 404; admin may decide too', async () => {
    const user = await applicant(t);
    const id = await applyFor(t, user);
    const admin = await operatorToken(t, 'admin');
    expect(await consoleCall(t, 'POST', `/loans/${id}/reject`, admin.token, { reason: '  ' })).toMatchObject({ status: 400, body: { errorKey: 'loans.reason_required' } });
    expect((await consoleCall(t, 'POST', `/loans/${id}/reject`, admin.token, {})).status).toBe(400);
    expect(await consoleCall(t, 'POST', `/loans/${'a'.repeat(32)}/approve`, admin.token, {})).toMatchObject({ status: 404, body: { errorKey: 'loans.not_found' } });
    expect(await consoleCall(t, 'GET', `/loans/${'a'.repeat(32)}`, admin.token)).toMatchObject({ status: 404, body: { errorKey: 'loans.not_found' } });
    const rejected = await consoleCall<ConsoleLoan & { rejectReason: string }>(t, 'POST', `/loans/${id}/reject`, admin.token, { reason: 'ID number does not match the photo' });
    expect(rejected.body).toMatchObject({ state: 'rejected', rejectReason: 'ID number does not match the photo' });
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'loan.reject', actor_type: 'operator', reason: 'ID number does not match the photo' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });
  });
});

describe('console loans: maker-checker', () => {
  it('above the threshold the first finance operator proposes, the same one cannot confirm, a second one does', async () => {
    const user = await applicant(t);
    const id = await applyFor(t, user, { applyAmount: '5000000', creditPeriod: '180' });
    const first = await operatorToken(t, 'finance');
    const second = await operatorToken(t, 'finance');

    const proposed = await consoleCall<ConsoleLoan>(t, 'POST', `/loans/${id}/approve`, first.token, { reason: 'documents fine' });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ state: 'pending', needsSecondApproval: true });
    expect(proposed.body.proposedBy).not.toBeNull();
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });

    expect(await consoleCall(t, 'POST', `/loans/${id}/approve`, first.token, {})).toMatchObject({ status: 403, body: { errorKey: 'loans.same_operator' } });
    expect((await loanRow(t, id))?.state).toBe('pending');

    const confirmed = await consoleCall<ConsoleLoan>(t, 'POST', `/loans/${id}/approve`, second.token, { reason: 'second look: fine' });
    expect(confirmed.body).toMatchObject({ state: 'approved' });
    expect(confirmed.body.reviewedBy).not.toBe(proposed.body.proposedBy);
    expect(await balanceOf(t, user)).toMatchObject({ money: '5000000.00' });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['loan.apply', 'loan.approval_proposed', 'loan.approve']);
    await expectLedgerConsistent(t);
  });

  it('a proposed approval can still be rejected; the threshold is a setting', async () => {
    const user = await applicant(t);
    const id = await applyFor(t, user, { applyAmount: '2000000' });
    const first = await operatorToken(t, 'finance');
    await consoleCall(t, 'POST', `/loans/${id}/approve`, first.token, {});
    const rejected = await consoleCall<ConsoleLoan>(t, 'POST', `/loans/${id}/reject`, first.token, { reason: 'second review found a forged photo' });
    expect(rejected.body).toMatchObject({ state: 'rejected', proposedBy: null });

    await t.services.settings.set(t.database.db, 'loan_second_approval_above', '0', { type: 'system', reason: 'test: two operators for every loan' });
    try {
      const small = await applicant(t);
      const smallId = await applyFor(t, small);
      const answer = await consoleCall<ConsoleLoan>(t, 'POST', `/loans/${smallId}/approve`, first.token, {});
      expect(answer.body).toMatchObject({ state: 'pending', needsSecondApproval: true });
    } finally {
      await t.services.settings.set(t.database.db, 'loan_second_approval_above', '1000000', { type: 'system', reason: 'test: back to the default' });
    }
  });

  it('two operators confirming at once: exactly one disbursement', async () => {
    const user = await applicant(t);
    const id = await applyFor(t, user);
    const operators = await Promise.all([operatorToken(t, 'finance'), operatorToken(t, 'finance'), operatorToken(t, 'admin')]);
    const answers = await Promise.all(operators.map((op) => consoleCall(t, 'POST', `/loans/${id}/approve`, op.token, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(t, user)).toMatchObject({ money: '100000.00' });
    await expectLedgerConsistent(t);
  });
});

describe('console loans: queue and detail', () => {
  it('filters by state, applicant (id or name) and amount; the detail has the pictures, history and decisions', async () => {
    const user = await applicant(t);
    const op = await operatorToken(t, 'finance');
    const old = await applyFor(t, user, { applyAmount: '120000' });
    await consoleCall(t, 'POST', `/loans/${old}/reject`, op.token, { reason: 'incomplete' });
    t.clock.advance(60_000);
    const current = await applyFor(t, user, { applyAmount: '130000' });

    const byName = await consoleCall<{ items: ConsoleLoan[]; total: number; page: number; pageSize: number }>(t, 'GET', `/loans?applicant=${user.username}`, op.token);
    expect(byName.body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(byName.body.items.map((loan) => loan.id)).toEqual([current, old]);
    expect(byName.body.items[0]).toMatchObject({ username: user.username, userId: user.id });
    const byId = await consoleCall<{ items: ConsoleLoan[] }>(t, 'GET', `/loans?applicant=${user.id}&state=rejected`, op.token);
    expect(byId.body.items.map((loan) => loan.id)).toEqual([old]);
    const byAmount = await consoleCall<{ items: ConsoleLoan[] }>(t, 'GET', `/loans?applicant=${user.id}&amountMin=125000&amountMax=130000`, op.token);
    expect(byAmount.body.items.map((loan) => loan.id)).toEqual([current]);
    expect((await consoleCall<{ total: number }>(t, 'GET', '/loans?applicant=nobody-by-that-name', op.token)).body.total).toBe(0);
    expect((await consoleCall(t, 'GET', '/loans?state=lost', op.token)).status).toBe(400);

    const detail = await consoleCall<Record<string, unknown>>(t, 'GET', `/loans/${current}`, op.token);
    expect(detail.body).toMatchObject({
      id: current,
      identification: 'P1234567',
      countryName: 'United States',
      pictures: { face: user.pictures.imgCertificateFace, back: user.pictures.imgCertificateBack, hand: user.pictures.imgCertificateHand },
      history: [expect.objectContaining({ id: old, state: 'rejected', rejectReason: 'incomplete' })],
      audit: [expect.objectContaining({ action: 'loan.apply', actorType: 'user' })],
    });
  });
});
