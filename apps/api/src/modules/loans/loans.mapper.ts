import { money, type Money } from '@caravan/contract/money';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import { legacyLoanStatus, REPAYABLE_LOAN_STATES, type LoanState } from './loan-state.ts';
import { amountDue, daysInUse, daysLate } from './loan-terms.ts';
import type { LoanRow } from './loans.repository.ts';

// Loans on the wire. Legacy numbers (status 1..5) and legacy field names live here only. Amounts and
// interest are exact cents already (rounded half to even when fixed), rates have 4 decimals.

export const amount2 = (value: Money) => money.format(value, { decimals: 2, rounding: 'half_even' });
export const rate4 = (value: Money) => money.format(value, { decimals: 4, rounding: 'half_even' });
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function isRepayable(row: LoanRow): boolean {
  return REPAYABLE_LOAN_STATES.includes(row.state as LoanState);
}

/** What repaying this loan costs at `now` (zero for a loan not in use). */
export function dueNow(row: LoanRow, now: Date) {
  return isRepayable(row) ? amountDue(row, row.dueAt, now) : undefined;
}

/** The legacy Credit record (credit!histroy elements, credit!beforereapply). */
export function toCreditRecord(row: LoanRow, now: Date, timeZone: string) {
  const due = dueNow(row, now);
  const time = (at: Date | null) => formatLegacyDateTime(timeZone, at);
  return {
    id: row.id,
    creditId: row.id,
    partyId: row.userId,
    status: legacyLoanStatus(row.state as LoanState),
    realName: row.realName,
    identification: row.identification,
    countryId: row.countryId,
    imgCertificateFace: row.imgCertificateFace,
    imgCertificateBack: row.imgCertificateBack,
    imgCertificateHand: row.imgCertificateHand,
    creditPeriod: row.creditPeriod,
    applyAmount: amount2(row.amount),
    creditRate: rate4(row.creditRate),
    defaultRate: rate4(row.defaultRate),
    totalInterest: amount2(row.totalInterest),
    totalRepayment: amount2(row.totalRepayment),
    actualRepayment: amount2(row.actualRepayment ?? money.zero),
    overdueInterest: amount2(row.overdueInterest ?? due?.overdueInterest ?? money.zero),
    estimatePayment: amount2(due?.total ?? money.zero),
    rejectReason: row.rejectReason,
    customerSubmitTime: time(row.createdAt),
    systemAuditTime: time(row.reviewedAt),
    dueTime: time(row.dueAt),
    finalRepayTime: time(row.repaidAt),
  };
}

/** credit!bill: the loan in use, or zeros. */
export function toBill(row: LoanRow | undefined, now: Date, timeZone: string) {
  const due = row ? dueNow(row, now) : undefined;
  if (!row || !due) {
    return { creditId: '', status: 0, realName: '', applyAmount: '0.00', interest: '0.00', alreadyCreditDays: 0, overdueDays: 0, overdueInterest: '0.00', estimatePayment: '0.00', dueTime: '' };
  }
  return {
    creditId: row.id,
    status: legacyLoanStatus(row.state as LoanState),
    realName: row.realName,
    applyAmount: amount2(row.amount),
    interest: amount2(row.totalInterest),
    alreadyCreditDays: daysInUse(row.approvedAt, now),
    overdueDays: daysLate(row.dueAt, now),
    overdueInterest: amount2(due.overdueInterest),
    estimatePayment: amount2(due.total),
    dueTime: formatLegacyDateTime(timeZone, row.dueAt),
  };
}

/** credit!beforepay: the figures of the repayment page. */
export function toBeforePay(row: LoanRow, available: Money, now: Date, timeZone: string) {
  const due = amountDue(row, row.dueAt, now);
  return {
    creditId: row.id,
    realName: row.realName,
    alreadyCreditDays: daysInUse(row.approvedAt, now),
    estimatePayment: amount2(due.total),
    creditRate: rate4(row.creditRate),
    accountAmount: money.format(available, { decimals: 2, rounding: 'down' }),
    applyAmount: amount2(row.amount),
    totalInterest: amount2(row.totalInterest),
    overdueDays: daysLate(row.dueAt, now),
    overdueInterest: amount2(due.overdueInterest),
    dueTime: formatLegacyDateTime(timeZone, row.dueAt),
  };
}

/** A loan as the console lists it (amounts exact, times ISO). */
export function toConsoleLoan(row: LoanRow, username: string, secondApprovalAbove: Money) {
  return {
    id: row.id,
    userId: row.userId,
    username,
    state: row.state as LoanState,
    realName: row.realName,
    amount: amount2(row.amount),
    creditPeriod: row.creditPeriod,
    creditRate: rate4(row.creditRate),
    defaultRate: rate4(row.defaultRate),
    totalInterest: amount2(row.totalInterest),
    totalRepayment: amount2(row.totalRepayment),
    actualRepayment: row.actualRepayment === null ? null : amount2(row.actualRepayment),
    overdueInterest: row.overdueInterest === null ? null : amount2(row.overdueInterest),
    rejectReason: row.rejectReason,
    reapplyOf: row.reapplyOf,
    proposedBy: row.proposedBy,
    proposedAt: iso(row.proposedAt),
    needsSecondApproval: money.cmp(row.amount, secondApprovalAbove) > 0,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    approvedAt: iso(row.approvedAt),
    dueAt: iso(row.dueAt),
    overdueAt: iso(row.overdueAt),
    repaidAt: iso(row.repaidAt),
    createdAt: row.createdAt.toISOString(),
  };
}
