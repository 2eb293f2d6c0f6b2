import { spec, type ErrorSpec } from './error-spec.ts';

// Start-up loans (spec section 8 "Loan", API reference section 9).
export const loansErrors = {
  /** spec: qualification conditions not met (a fund password is needed to repay, so it is needed to borrow) */
  'loans.not_qualified': spec.forbidden,
  /** legacy "参数异常": the amount is missing or not a whole number */
  'loans.amount_invalid': spec.bad,
  /** spec: amount below minimum or above maximum (legacy "申请的贷款金额，不在允许的范围内") */
  'loans.amount_below_min': spec.bad,
  'loans.amount_above_max': spec.bad,
  /** the term is not one of the lendable day lists */
  'loans.period_invalid': spec.bad,
  /** spec: pending loan or application exists */
  'loans.unfinished_exists': spec.conflict,
  'loans.real_name_required': spec.bad,
  'loans.identification_required': spec.bad,
  'loans.country_invalid': spec.bad,
  'loans.certificate_required': spec.bad,
  /** a certificate picture that is not an image this applicant uploaded */
  'loans.certificate_invalid': spec.bad,
  'loans.id_required': spec.bad,
  /** legacy "该贷款单号不存在"; also another user's loan */
  'loans.not_found': spec.notFound,
  'loans.not_repayable': spec.conflict,
  'loans.not_reapplicable': spec.conflict,
  /** console: the loan was already decided (approved, rejected) by someone else */
  'loans.already_decided': spec.conflict,
  'loans.reason_required': spec.bad,
  /** maker-checker: the operator who proposed an approval cannot confirm it */
  'loans.same_operator': spec.forbidden,
  /** user!logoff: a pending, approved or overdue loan vetoes cancelling the account */
  'loans.logoff_unfinished_loan': spec.conflict,
} as const satisfies Record<`loans.${string}`, ErrorSpec>;
