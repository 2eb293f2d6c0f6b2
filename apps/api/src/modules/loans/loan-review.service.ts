import { ID_PATTERN } from '@caravan/contract/ids';
import { money, parseMoney, type Money } from '@caravan/contract/money';
import type { Database, Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { SettingsService } from '../content/settings.ts';
import { PLATFORM_ACCOUNTS } from '../wallet/ledger/chart-of-accounts.ts';
import type { Ledger } from '../wallet/ledger/ledger.ts';
import { transitionLoan, type LoanActor } from './loan-transition.ts';
import { dueAtOf } from './loan-terms.ts';
import type { LoanState } from './loan-state.ts';
import { amount2 } from './loans.mapper.ts';
import type { LoanFilter, LoanRow, LoansRepository } from './loans.repository.ts';

// The operators' side of loans: the review queue, approval (with maker-checker above a configured
// amount), refusal, and the overdue deadline the scheduler delivers.
//
// Money on approval (ARCHITECTURE section 5), two transfers in one transaction:
//   loan_receivable    platform:loan_receivable -> platform:loan_fund   the borrower's debt is booked
//   loan_disbursement  platform:loan_fund       -> user wallet          the principal is paid out
// The loan fund is the account every loan is paid out of. Like every platform account it carries no
// balance flag, but it never needs one: each disbursement is matched by the receivable booked against
// it in the same transaction, so the fund's entries show every loan paid out while its balance stays
// at zero, and platform:loan_receivable (credits minus debits) is minus the principal outstanding.
// How much the platform lends is decided by the review and the configured limits, not by a balance.

export const LOAN_OVERDUE_JOB = 'loan.overdue';
/** Other loans of the applicant shown beside one under review. */
export const APPLICANT_HISTORY_LIMIT = 20;

export interface LoanReviewPorts {
  scheduleDeadline(kind: string, id: string, at: Date): void;
  userIdByName(username: string): Promise<string | undefined>;
}

export type ApproveOutcome = { loan: LoanRow; outcome: 'approved' | 'proposed' };

export class LoanReviewService {
  constructor(
    private readonly db: Database,
    private readonly repository: LoansRepository,
    private readonly ledger: Ledger,
    private readonly ports: LoanReviewPorts,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private deps() {
    return { repository: this.repository, audit: this.audit, clock: this.clock };
  }

  /** Loans above this amount need a second operator to approve. */
  secondApprovalAbove(): Money {
    return parseMoney(this.settings.get('loan_second_approval_above'));
  }

  // ---- queue ----------------------------------------------------------------------------------

  /** The console's queue: by state, applicant (user id or name) and amount range, newest first. */
  async list(query: { state?: LoanState | undefined; applicant?: string | undefined; amountMin?: number | undefined; amountMax?: number | undefined; page: number; pageSize: number }) {
    let userId: string | undefined;
    const applicant = query.applicant?.trim();
    if (applicant) {
      userId = ID_PATTERN.test(applicant) ? applicant : await this.ports.userIdByName(applicant);
      if (!userId) return { rows: [], total: 0 };
    }
    const filter: LoanFilter = { state: query.state, userId, amountMin: query.amountMin, amountMax: query.amountMax, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const [rows, total] = await Promise.all([this.repository.consoleList(this.db, filter), this.repository.consoleCount(this.db, filter)]);
    return { rows, total };
  }

  /** One loan with the applicant's other loans and every decision taken on it. */
  async detail(id: string) {
    const loan = await this.repository.findById(this.db, id);
    if (!loan) throw new AppError('loans.not_found');
    const [history, audit] = await Promise.all([
      this.repository.recentByUser(this.db, loan.userId, loan.id, APPLICANT_HISTORY_LIMIT),
      this.audit.listForTarget(this.db, 'loan', loan.id),
    ]);
    return { loan, history, audit };
  }

  // ---- decisions ------------------------------------------------------------------------------

  private async lockPending(tx: Transaction, id: string): Promise<LoanRow> {
    const loan = await this.repository.findByIdForUpdate(tx, id);
    if (!loan) throw new AppError('loans.not_found');
    if (loan.state !== ('pending' satisfies LoanState)) throw new AppError('loans.already_decided');
    return loan;
  }

  /**
   * Approves and disburses. Above the threshold the first operator only proposes (the loan stays
   * pending review) and a different operator confirms; the proposer cannot confirm.
   */
  async approve(id: string, actor: LoanActor): Promise<ApproveOutcome> {
    const result = await this.db.transaction(async (tx): Promise<ApproveOutcome> => {
      const loan = await this.lockPending(tx, id);
      const needsTwo = money.cmp(loan.amount, this.secondApprovalAbove()) > 0;
      if (needsTwo && !loan.proposedBy) {
        const now = this.clock.now();
        await this.repository.update(tx, loan.id, { proposedBy: actor.id, proposedAt: now, updatedAt: now });
        await this.audit.record(tx, {
          actorType: actor.type,
          actorId: actor.id,
          action: 'loan.approval_proposed',
          targetType: 'loan',
          targetId: loan.id,
          reason: actor.reason,
          detail: { amount: amount2(loan.amount) },
          requestId: actor.requestId ?? null,
        });
        return { loan: { ...loan, proposedBy: actor.id, proposedAt: now, updatedAt: now }, outcome: 'proposed' };
      }
      if (needsTwo && loan.proposedBy === actor.id) throw new AppError('loans.same_operator');
      return { loan: await this.disburse(tx, loan, actor), outcome: 'approved' };
    });
    if (result.outcome === 'approved' && result.loan.dueAt) this.ports.scheduleDeadline(LOAN_OVERDUE_JOB, result.loan.id, result.loan.dueAt);
    return result;
  }

  private async disburse(tx: Transaction, loan: LoanRow, actor: LoanActor): Promise<LoanRow> {
    const fund = await this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.loanFund);
    const receivable = await this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.loanReceivable);
    const wallet = await this.ledger.userWallet(tx, loan.userId);
    const reference = { referenceType: 'loan', referenceId: loan.id };
    const booked = await this.ledger.postTransfer(tx, { kind: 'loan_receivable', debitAccountId: receivable.id, creditAccountId: fund.id, amount: loan.amount, ...reference });
    if (!booked.ok) throw new Error(`loan receivable refused by the ledger: ${booked.reason}`);
    const paid = await this.ledger.postTransfer(tx, { kind: 'loan_disbursement', debitAccountId: fund.id, creditAccountId: wallet.id, amount: loan.amount, ...reference });
    if (!paid.ok) throw new Error(`loan disbursement refused by the ledger: ${paid.reason}`);
    const now = this.clock.now();
    return transitionLoan(
      tx,
      this.deps(),
      loan,
      'approve',
      actor,
      { reviewedBy: actor.id, reviewedAt: now, approvedAt: now, dueAt: dueAtOf(now, loan.creditPeriod), disbursementTransferId: paid.transfer.id },
      { amount: amount2(loan.amount), proposedBy: loan.proposedBy, transferId: paid.transfer.id },
    );
  }

  /** Refuses an application (reason required, shown to the applicant); a proposal is dropped. */
  async reject(id: string, actor: LoanActor): Promise<LoanRow> {
    const reason = actor.reason.trim();
    if (reason.length === 0) throw new AppError('loans.reason_required');
    return this.db.transaction(async (tx) => {
      const loan = await this.lockPending(tx, id);
      const now = this.clock.now();
      return transitionLoan(tx, this.deps(), loan, 'reject', { ...actor, reason }, { rejectReason: reason, reviewedBy: actor.id, reviewedAt: now, proposedBy: null, proposedAt: null }, { proposedBy: loan.proposedBy });
    });
  }

  // ---- the overdue deadline -------------------------------------------------------------------

  /** Approved loans past their due time (for the scheduler's sweep). */
  dueForOverdue(now: Date, limit: number): Promise<string[]> {
    return this.repository.due(this.db, now, limit);
  }

  /** The due time passed unpaid: the loan turns overdue. Idempotent: re-checks the row under a lock. */
  async markOverdueIfDue(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const loan = await this.repository.findByIdForUpdate(tx, id);
      const now = this.clock.now();
      if (!loan || loan.state !== ('approved' satisfies LoanState) || !loan.dueAt || loan.dueAt > now) return false;
      await transitionLoan(tx, this.deps(), loan, 'fall_overdue', { type: 'system', id: LOAN_OVERDUE_JOB, reason: 'due date passed without repayment' }, { overdueAt: now }, { dueAt: loan.dueAt.toISOString() });
      return true;
    });
  }
}
