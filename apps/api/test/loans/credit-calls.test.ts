import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/platform/clock.ts';
import { applicant, applicationOf, applyCall, applyFor, borrower, COUNTRY_ID, loanRow } from '../support/loans.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, consoleCall, expectLedgerConsistent, fund, operatorToken, SAFEWORD, uploadProof, walletUser } from '../support/wallet.ts';

// The eight credit!* calls over the wire (API reference section 9): shapes, every error of spec
// section 8 "Loan" with its stable key, ownership, and the money through the ledger.

const t = await useTestApp({ start: '2026-03-02T02:00:00Z' });

const PAGE_KEYS = ['elements', 'firstElementNumber', 'firstPage', 'lastElementNumber', 'lastPage', 'nextPageNumber', 'pageSize', 'previousPageNumber', 'thisPageNumber', 'totalElements', 'totalPage'];

describe('credit!config and credit!check', () => {
  it('answers the offer with rates to 4 decimals and amounts to 2, and the exact cost of a chosen loan', async () => {
    const user = await applicant(t);
    const config = await t.call('credit!config', {}, { token: user.token, method: 'GET' });
    expect(config).toMatchObject({ code: '0', status: 200 });
    expect(config.data).toEqual({
      rate: '0.0010',
      defaultRate: '0.0050',
      lendableDays: ['7', '15', '30', '60', '90', '180', '365'],
      allLendableDays: ['7', '15', '30', '60', '90', '180', '270', '365'],
      amountMin: '100000.00',
      amountMax: '30000000.00',
      quote: null,
    });
    // 100,000 x 0.001 x 30 days; overdue 100,000 x 0.005 a day; due 30 days from now (Shanghai time)
    const quoted = await t.call('credit!config', { applyAmount: '100000', creditPeriod: '30' }, { token: user.token, method: 'GET', prefix: '/api/' });
    expect(quoted.data).toMatchObject({
      quote: { applyAmount: '100000.00', creditPeriod: 30, creditRate: '0.0010', totalInterest: '3000.00', totalRepayment: '103000.00', defaultRate: '0.0050', overdueInterestPerDay: '500.00', dueTime: '2026-04-01 10:00:00' },
    });
    const wrong = await t.call('credit!config', { applyAmount: '5', creditPeriod: '30' }, { token: user.token });
    expect(wrong.errorKey).toBe('loans.amount_below_min');
  });

  it('needs a session for every call', async () => {
    for (const call of ['credit!check', 'credit!config', 'credit!apply', 'credit!bill', 'credit!histroy', 'credit!beforepay', 'credit!pay', 'credit!beforereapply']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.call(call, {}, { method });
        expect(response.code, `${method} ${call}`).toBe('403');
      }
    }
  });

  it('answers the string "true" until the user has an unfinished loan', async () => {
    const user = await applicant(t);
    expect((await t.call('credit!check', {}, { token: user.token, method: 'GET' })).data).toBe('true');
    await applyFor(t, user);
    expect((await t.call('credit!check', {}, { token: user.token, method: 'GET' })).data).toBe('false');
  });
});

describe('credit!apply', () => {
  it('accepts a complete application: pending review, the terms fixed on the loan', async () => {
    const user = await applicant(t);
    const response = await applyCall(t, user, { applyAmount: '250000', creditPeriod: '90' });
    expect(response).toMatchObject({ code: '0', msg: 'Application submitted' });
    const history = await t.call<{ elements: Record<string, unknown>[] }>('credit!histroy', {}, { token: user.token, method: 'GET' });
    expect(history.data?.elements[0]).toMatchObject({
      creditId: response.data?.creditId,
      status: 1,
      applyAmount: '250000.00',
      creditPeriod: 90,
      creditRate: '0.0010',
      defaultRate: '0.0050',
      totalInterest: '22500.00',
      totalRepayment: '272500.00',
      actualRepayment: '0.00',
      estimatePayment: '0.00',
      countryId: COUNTRY_ID,
      realName: 'Mei Chen',
      customerSubmitTime: '2026-03-02 10:00:00',
      systemAuditTime: '',
    });
  });

  it.each([
    [{ applyAmount: undefined }, 'loans.amount_invalid'],
    [{ applyAmount: '100000.50' }, 'loans.amount_invalid'],
    [{ applyAmount: '1e6' }, 'loans.amount_invalid'],
    [{ applyAmount: '99999' }, 'loans.amount_below_min'],
    [{ applyAmount: '30000001' }, 'loans.amount_above_max'],
    [{ creditPeriod: undefined }, 'loans.period_invalid'],
    [{ creditPeriod: '20' }, 'loans.period_invalid'],
    [{ creditPeriod: '270' }, 'loans.period_invalid'],
    [{ creditPeriod: '400' }, 'loans.period_invalid'],
    [{ realName: undefined }, 'loans.real_name_required'],
    [{ realName: '   ' }, 'loans.real_name_required'],
    [{ identification: undefined }, 'loans.identification_required'],
    [{ countryId: undefined }, 'loans.country_invalid'],
    [{ countryId: '999999' }, 'loans.country_invalid'],
    [{ imgCertificateHand: undefined }, 'loans.certificate_required'],
    [{ imgCertificateBack: 'https://elsewhere.example/id.png' }, 'loans.certificate_invalid'],
    [{ imgCertificateFace: `/uploads/${'0'.repeat(64)}.png` }, 'loans.certificate_invalid'],
  ])('refuses %o with %s, writing nothing', async (overrides, key) => {
    const user = await applicant(t);
    const response = await applyCall(t, user, overrides);
    expect(response).toMatchObject({ code: '1', errorKey: key });
    expect(response.msg.length).toBeGreaterThan(0);
    expect((await t.call('credit!histroy', {}, { token: user.token })).data).toMatchObject({ totalElements: 0 });
  });

  it('names the range in the message (spec: amount below minimum or above maximum)', async () => {
    const user = await applicant(t);
    expect((await applyCall(t, user, { applyAmount: '1000' })).msg).toBe('The loan amount may not be less than 100000.00');
    const chinese = await t.call('credit!apply', { ...applicationOf(user, { applyAmount: '40000000' }), lang: 'cn' }, { token: user.token });
    expect(chinese.msg).toBe('申请的贷款金额不能高于30000000.00');
  });

  it("refuses ID pictures another user uploaded (ownership), even the same bytes's URL from someone else", async () => {
    const user = await applicant(t);
    const other = await walletUser(t);
    const foreign = await uploadProof(t, other.id);
    expect((await applyCall(t, user, { imgCertificateHand: foreign })).errorKey).toBe('loans.certificate_invalid');
    // the same picture uploaded by the applicant too is theirs as well (content-addressed storage)
    const png = t.blobs.blobs.get(foreign.split('/uploads/')[1] ?? '');
    expect(png).toBeDefined();
    await t.services.uploads.storeImage(png as Buffer, 'document', user.id);
    expect((await applyCall(t, user, { imgCertificateHand: foreign })).code).toBe('0');
  });

  it('refuses a user without a fund password (qualification), and a second unfinished loan', async () => {
    const noSafeword = await applicant(t, { safeword: false });
    expect(await applyCall(t, noSafeword)).toMatchObject({ code: '1', errorKey: 'loans.not_qualified' });
    const user = await applicant(t);
    await applyFor(t, user);
    expect(await applyCall(t, user)).toMatchObject({ code: '1', errorKey: 'loans.unfinished_exists', msg: 'You already have a loan application or a loan that is not repaid' });
  });
});

describe('credit!bill, credit!beforepay, credit!pay', () => {
  it('bill: zeros without a loan in use', async () => {
    const user = await applicant(t);
    const zeros = { creditId: '', status: 0, realName: '', applyAmount: '0.00', interest: '0.00', alreadyCreditDays: 0, overdueDays: 0, overdueInterest: '0.00', estimatePayment: '0.00', dueTime: '' };
    expect((await t.call('credit!bill', {}, { token: user.token, method: 'GET' })).data).toEqual(zeros);
    await applyFor(t, user);
    expect((await t.call('credit!bill', {}, { token: user.token })).data).toEqual(zeros);
  });

  it('approval pays the principal into the wallet; the bill, beforepay and pay take principal and interest', async () => {
    const user = await borrower(t, '100000', '7');
    expect(await balanceOf(t, user)).toMatchObject({ money: '100000.00' });
    t.clock.advance(2 * 24 * 60 * MINUTE_MS);
    const bill = await t.call('credit!bill', {}, { token: user.token, method: 'GET' });
    expect(bill.data).toEqual({
      creditId: user.creditId,
      status: 2,
      realName: 'Mei Chen',
      applyAmount: '100000.00',
      interest: '700.00',
      alreadyCreditDays: 2,
      overdueDays: 0,
      overdueInterest: '0.00',
      estimatePayment: '100700.00',
      dueTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const before = await t.call('credit!beforepay', { creditId: user.creditId }, { token: user.token, method: 'GET' });
    expect(before.data).toMatchObject({ creditId: user.creditId, realName: 'Mei Chen', alreadyCreditDays: 2, estimatePayment: '100700.00', creditRate: '0.0010', accountAmount: '100000.00' });

    // a short balance is a clear error and nothing moves
    const short = await t.call('credit!pay', { creditId: user.creditId, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
    expect(short).toMatchObject({ code: '1', errorKey: 'wallet.balance_insufficient' });
    expect(await balanceOf(t, user)).toMatchObject({ money: '100000.00' });
    expect((await loanRow(t, user.creditId))?.state).toBe('approved');

    await fund(t, user, '750');
    const paid = await t.call('credit!pay', { creditId: user.creditId, safeword: SAFEWORD }, { token: user.token, method: 'GET', remoteAddress: nextAddress() });
    expect(paid).toMatchObject({ code: '0', data: null });
    expect(await balanceOf(t, user)).toMatchObject({ money: '50.00' });
    const history = await t.call<{ elements: Record<string, unknown>[] }>('credit!histroy', { pageNum: 1, pageSize: 5 }, { token: user.token, method: 'GET' });
    expect(history.data?.elements[0]).toMatchObject({ status: 5, actualRepayment: '100700.00', overdueInterest: '0.00', estimatePayment: '0.00' });
    expect(history.data?.elements[0]?.finalRepayTime).toMatch(/^\d{4}-/);
    // repaid: not repayable again, and the bill is back to zeros
    expect((await t.call('credit!pay', { creditId: user.creditId, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() })).errorKey).toBe('loans.not_repayable');
    expect((await t.call('credit!beforepay', { creditId: user.creditId }, { token: user.token })).errorKey).toBe('loans.not_repayable');
    expect((await t.call('credit!bill', {}, { token: user.token })).data).toMatchObject({ creditId: '', estimatePayment: '0.00' });
    expect((await t.call('credit!check', {}, { token: user.token })).data).toBe('true');
    // the wallet statement shows every loan movement
    const statement = await t.call<{ elements: { kind: string; direction: string; amount: string }[] }>('wallet!statement', { kind: 'loan' }, { token: user.token });
    expect(statement.data?.elements.map((line) => [line.kind, line.direction, line.amount])).toEqual([
      ['loan_interest', 'out', '700.00'],
      ['loan_repayment', 'out', '100000.00'],
      ['loan_disbursement', 'in', '100000.00'],
    ]);
    await expectLedgerConsistent(t);
  });

  it('pay: fund password required, 6-12 characters, checked with its lock-out; a pending loan is not repayable', async () => {
    const user = await borrower(t);
    const pay = (params: Record<string, unknown>) => t.call('credit!pay', { creditId: user.creditId, ...params }, { token: user.token, remoteAddress: nextAddress() });
    expect((await pay({})).errorKey).toBe('accounts.safeword_required');
    expect((await pay({ safeword: '123' })).errorKey).toBe('accounts.safeword_length');
    expect((await pay({ safeword: '999999' })).errorKey).toBe('accounts.safeword_wrong');
    expect((await pay({ safeword: '999998' })).errorKey).toBe('accounts.safeword_wrong');
    expect((await pay({ safeword: '999997' })).errorKey).toBe('accounts.safeword_locked_minutes');
    expect((await pay({ safeword: SAFEWORD })).errorKey).toBe('accounts.safeword_locked_minutes');
    expect((await loanRow(t, user.creditId))?.state).toBe('approved');

    const pending = await applicant(t);
    const id = await applyFor(t, pending);
    expect((await t.call('credit!pay', { creditId: id, safeword: SAFEWORD }, { token: pending.token })).errorKey).toBe('loans.not_repayable');
  });
});

describe('ownership and ids', () => {
  it("another user's creditId does not exist for them, everywhere", async () => {
    const owner = await borrower(t);
    const rejected = await applicant(t);
    const rejectedId = await applyFor(t, rejected);
    const op = await operatorToken(t, 'finance');
    expect((await consoleCall(t, 'POST', `/loans/${rejectedId}/reject`, op.token, { reason: 'blurred photo' })).status).toBe(200);
    const intruder = await applicant(t);
    for (const creditId of [owner.creditId, rejectedId]) {
      expect((await t.call('credit!beforepay', { creditId }, { token: intruder.token })).errorKey).toBe('loans.not_found');
      expect((await t.call('credit!pay', { creditId, safeword: SAFEWORD }, { token: intruder.token, remoteAddress: nextAddress() })).errorKey).toBe('loans.not_found');
      expect((await t.call('credit!beforereapply', { creditId }, { token: intruder.token })).errorKey).toBe('loans.not_found');
    }
    expect((await applyCall(t, intruder, { creditId: rejectedId })).errorKey).toBe('loans.not_found');
    expect(await balanceOf(t, owner)).toMatchObject({ money: '100000.00' });
  });

  it('a missing creditId and a malformed one have their own keys', async () => {
    const user = await applicant(t);
    for (const call of ['credit!beforepay', 'credit!beforereapply', 'credit!pay']) {
      expect((await t.call(call, {}, { token: user.token })).errorKey).toBe('loans.id_required');
      expect((await t.call(call, { creditId: 'abc' }, { token: user.token })).errorKey).toBe('loans.not_found');
      expect((await t.call(call, { creditId: 'f'.repeat(32) }, { token: user.token })).errorKey).toBe('loans.not_found');
    }
  });
});

describe('re-applying after a rejection', () => {
  it('credit!beforereapply prefills from the rejected loan; credit!apply with creditId re-applies', async () => {
    const user = await applicant(t);
    const first = await applyFor(t, user, { applyAmount: '150000', creditPeriod: '60' });
    expect((await t.call('credit!beforereapply', { creditId: first }, { token: user.token })).errorKey).toBe('loans.not_reapplicable');
    const op = await operatorToken(t, 'finance');
    const refused = await consoleCall(t, 'POST', `/loans/${first}/reject`, op.token, { reason: 'the hand-held photo is blurred' });
    expect(refused.body).toMatchObject({ state: 'rejected', rejectReason: 'the hand-held photo is blurred' });

    const prefill = await t.call<Record<string, unknown>>('credit!beforereapply', { creditId: first }, { token: user.token, method: 'GET' });
    expect(prefill.data).toMatchObject({ creditId: first, status: 4, realName: 'Mei Chen', creditPeriod: 60, applyAmount: '150000.00', creditRate: '0.0010', identification: 'P1234567', countryId: COUNTRY_ID, rejectReason: 'the hand-held photo is blurred', ...user.pictures });
    const hand = await uploadProof(t, user.id);
    t.clock.advance(60_000);
    const again = await applyCall(t, user, { creditId: first, applyAmount: '150000', creditPeriod: '60', imgCertificateHand: hand });
    expect(again.code).toBe('0');
    expect(again.data?.creditId).not.toBe(first);
    // the new application is unfinished: no third one, and the pending one is not a re-apply source
    expect((await applyCall(t, user, { creditId: first })).errorKey).toBe('loans.unfinished_exists');
    const history = await t.call<{ elements: { status: number }[]; totalElements: number }>('credit!histroy', { pageNum: 1, pageSize: 1 }, { token: user.token });
    expect(Object.keys(history.data ?? {}).sort()).toEqual(PAGE_KEYS);
    expect(history.data).toMatchObject({ totalElements: 2, thisPageNumber: 1, pageSize: 1, totalPage: 2, lastPage: false });
    expect(history.data?.elements.map((loan) => loan.status)).toEqual([1]);
  });
});

describe('account cancellation', () => {
  it('an unfinished loan vetoes user!logoff with its own message', async () => {
    const user = await applicant(t);
    await applyFor(t, user);
    const response = await t.call('user!logoff', { account: user.username, reason: 'moving on', cashPassword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
    expect(response).toMatchObject({ code: '1', errorKey: 'loans.logoff_unfinished_loan' });
  });
});
