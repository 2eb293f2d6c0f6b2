import { LEGACY_LOAN_STATUS, LOAN_STATES } from '@caravan/contract/loans';
import { stateMachine } from '../../platform/state-machine.ts';

// A start-up loan as a state machine (ARCHITECTURE section 6). Legacy numbers (1 pending review,
// 2 approved, 3 overdue, 4 rejected, 5 repaid) exist only in `legacyLoanStatus` and the mapper.
// A maker-checker proposal is not a state: the loan stays pending review until a second operator
// confirms (see LoansService.approve).

export { LOAN_STATES };
export type LoanState = (typeof LOAN_STATES)[number];
export type LoanEvent = 'approve' | 'reject' | 'fall_overdue' | 'repay';

export const loanMachine = stateMachine<LoanState, LoanEvent>(LOAN_STATES, {
  /** finance approved (a second operator confirmed above the threshold): the principal is disbursed */
  approve: { from: ['pending'], to: 'approved' },
  /** refused with a reason; the applicant may re-apply */
  reject: { from: ['pending'], to: 'rejected' },
  /** the due date passed without repayment (the scheduler's loan.overdue job) */
  fall_overdue: { from: ['approved'], to: 'overdue' },
  /** principal, interest and any overdue interest taken from the wallet */
  repay: { from: ['approved', 'overdue'], to: 'repaid' },
});

/** States that block a new application ("one unfinished loan per user"). */
export const UNFINISHED_LOAN_STATES: readonly LoanState[] = ['pending', 'approved', 'overdue'];
/** States whose loan is in use: it has a bill and can be repaid. */
export const REPAYABLE_LOAN_STATES: readonly LoanState[] = loanMachine.transitions.repay.from;

export function legacyLoanStatus(state: LoanState): number {
  return LEGACY_LOAN_STATUS[state];
}
