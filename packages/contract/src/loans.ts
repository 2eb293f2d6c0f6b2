import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { consolePage, consolePageQuery, decisionAuditEntry } from './console.ts';
import { pageObjectSchema } from './paging.ts';
import { idParam, intParam, requiredIdParam } from './params.ts';

// Start-up loan calls (API reference section 9, `credit!*`) and the console's loan routes. Amounts are
// decimal strings: amounts, interest and repayments with 2 decimals, rates per day with 4.

/** Legacy loan states on the wire: 1 pending review, 2 approved, 3 overdue, 4 rejected, 5 repaid. */
export const LEGACY_LOAN_STATUS = { pending: 1, approved: 2, overdue: 3, rejected: 4, repaid: 5 } as const;

/** Amounts are whole numbers (legacy "参数异常" otherwise); checked by the service for a stable key. */
const wholeNumber = (error: string) => z.union([z.string(), z.number()], { error }).transform((value) => String(value).trim());

export const creditIdInput = z.object({ creditId: requiredIdParam('loans.id_required', 'loans.not_found') });

/** credit!check: "true" when the user may apply (no unfinished loan), "false" otherwise. */
export const creditCheckOutput = z.enum(['true', 'false']);

/** credit!config: with an amount and a term, also the exact cost of that loan (honesty rule). */
export const creditConfigInput = z.object({
  applyAmount: wholeNumber('loans.amount_invalid').optional(),
  creditPeriod: wholeNumber('loans.period_invalid').optional(),
});
export const creditQuoteOutput = z.object({
  applyAmount: z.string(),
  creditPeriod: z.number().int(),
  creditRate: z.string(),
  totalInterest: z.string(),
  totalRepayment: z.string(),
  /** overdue interest per day late, rate and amount */
  defaultRate: z.string(),
  overdueInterestPerDay: z.string(),
  /** when the loan would fall due if approved now (yyyy-MM-dd HH:mm:ss, platform time) */
  dueTime: z.string(),
});
export const creditConfigOutput = z.object({
  /** interest per day, 4 decimals */
  rate: z.string(),
  /** overdue interest per day late, 4 decimals */
  defaultRate: z.string(),
  /** terms (days) open for new loans */
  lendableDays: z.array(z.string()),
  /** every term the product knows; those not in lendableDays are shown greyed out */
  allLendableDays: z.array(z.string()),
  amountMin: z.string(),
  amountMax: z.string(),
  /** present when applyAmount and creditPeriod were sent */
  quote: creditQuoteOutput.nullable(),
});

export const creditApplyInput = z.object({
  realName: requiredText('loans.real_name_required', 'loans.real_name_required', 100),
  creditPeriod: wholeNumber('loans.period_invalid').optional(),
  applyAmount: wholeNumber('loans.amount_invalid').optional(),
  countryId: intParam({ min: 1, max: 1_000_000, error: 'loans.country_invalid' }).optional(),
  identification: requiredText('loans.identification_required', 'loans.identification_required', 64),
  imgCertificateFace: requiredText('loans.certificate_required', 'loans.certificate_invalid', 300),
  imgCertificateBack: requiredText('loans.certificate_required', 'loans.certificate_invalid', 300),
  imgCertificateHand: requiredText('loans.certificate_required', 'loans.certificate_invalid', 300),
  /** re-applying after a rejection: the rejected loan */
  creditId: idParam('loans.not_found').optional(),
});
/** credit!apply answers the new loan's id (legacy clients read nothing). */
export const creditApplyOutput = z.object({ creditId: z.string() });

/** credit!bill: the loan in use (approved or overdue); zeros when there is none. */
export const creditBillOutput = z.object({
  creditId: z.string(),
  /** legacy status of the loan, 0 when none */
  status: z.number().int(),
  realName: z.string(),
  applyAmount: z.string(),
  /** interest of the whole term (fixed when applying) */
  interest: z.string(),
  alreadyCreditDays: z.number().int(),
  overdueDays: z.number().int(),
  overdueInterest: z.string(),
  /** what repaying now costs: amount + interest + overdue interest */
  estimatePayment: z.string(),
  dueTime: z.string(),
});

/** One loan as legacy clients read it (history and the re-apply prefill). */
export const creditRecordOutput = z.object({
  id: z.string(),
  creditId: z.string(),
  partyId: z.string(),
  status: z.number().int(),
  realName: z.string(),
  identification: z.string(),
  countryId: z.number().int(),
  imgCertificateFace: z.string(),
  imgCertificateBack: z.string(),
  imgCertificateHand: z.string(),
  creditPeriod: z.number().int(),
  applyAmount: z.string(),
  creditRate: z.string(),
  defaultRate: z.string(),
  totalInterest: z.string(),
  totalRepayment: z.string(),
  /** what was paid back; "0.00" until repaid */
  actualRepayment: z.string(),
  overdueInterest: z.string(),
  /** what repaying now costs (approved or overdue), "0.00" otherwise */
  estimatePayment: z.string(),
  rejectReason: z.string(),
  customerSubmitTime: z.string(),
  systemAuditTime: z.string(),
  dueTime: z.string(),
  finalRepayTime: z.string(),
});

/** credit!histroy (sic): pageNum/pageSize in, the `Page` object out (API reference 1.4). */
export const creditHistoryInput = z.object({
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});
export const creditHistoryOutput = pageObjectSchema(creditRecordOutput);

export const creditBeforePayOutput = z.object({
  creditId: z.string(),
  realName: z.string(),
  alreadyCreditDays: z.number().int(),
  estimatePayment: z.string(),
  creditRate: z.string(),
  /** the wallet's spendable balance */
  accountAmount: z.string(),
  applyAmount: z.string(),
  totalInterest: z.string(),
  overdueDays: z.number().int(),
  overdueInterest: z.string(),
  dueTime: z.string(),
});

export const creditPayInput = z.object({
  creditId: requiredIdParam('loans.id_required', 'loans.not_found'),
  safeword: z.string({ error: 'accounts.safeword_required' }).max(64, { error: 'accounts.safeword_length' }).optional(),
});

// ---- console (/console/api/loans) ---------------------------------------------------------------

export const LOAN_STATES = ['pending', 'approved', 'overdue', 'rejected', 'repaid'] as const;

export const loanQuery = consolePageQuery.extend({
  state: z.enum(LOAN_STATES).optional(),
  /** the applicant's user id or user name */
  applicant: z.string().max(64).optional(),
  /** amount range, whole USDT */
  amountMin: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
  amountMax: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
});

export const consoleLoan = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  state: z.enum(LOAN_STATES),
  realName: z.string(),
  amount: z.string(),
  creditPeriod: z.number().int(),
  creditRate: z.string(),
  defaultRate: z.string(),
  totalInterest: z.string(),
  totalRepayment: z.string(),
  actualRepayment: z.string().nullable(),
  overdueInterest: z.string().nullable(),
  rejectReason: z.string(),
  reapplyOf: z.string().nullable(),
  /** maker-checker: set while an approval waits for a second operator */
  proposedBy: z.string().nullable(),
  proposedAt: z.string().nullable(),
  /** whether approving needs two operators (amount above the configured threshold) */
  needsSecondApproval: z.boolean(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  overdueAt: z.string().nullable(),
  repaidAt: z.string().nullable(),
  createdAt: z.string(),
});

export const consoleLoanDetail = consoleLoan.extend({
  identification: z.string(),
  countryId: z.number().int(),
  countryName: z.string(),
  pictures: z.object({ face: z.string(), back: z.string(), hand: z.string() }),
  disbursementTransferId: z.string().nullable(),
  repaymentTransferId: z.string().nullable(),
  /** the applicant's other loans, newest first */
  history: z.array(consoleLoan),
  /** every decision on this loan, newest first */
  audit: z.array(decisionAuditEntry),
});
export const consoleLoanPage = consolePage(consoleLoan);

/** Approve (or confirm a proposed approval); the reason is optional but recorded. */
export const loanApproveBody = z.object({ reason: z.string().max(500).optional() });
/** Refuse: the reason is required and shown to the applicant. */
export const loanRejectBody = z.object({ reason: z.string().max(500) });
