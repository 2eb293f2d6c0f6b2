import { money } from '@caravan/contract/money';
import type { Database, Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyStore } from '../../platform/idempotency.ts';
import { PLATFORM_ACCOUNTS } from '../wallet/ledger/chart-of-accounts.ts';
import type { Ledger, TransferInput } from '../wallet/ledger/ledger.ts';
import type { SafewordPort } from '../wallet/withdrawal.service.ts';
import { transitionLoan } from './loan-transition.ts';
import { amountDue } from './loan-terms.ts';
import { amount2, isRepayable, toBeforePay } from './loans.mapper.ts';
import type { LoansRepository } from './loans.repository.ts';
import type { LoansService } from './loans.service.ts';

// Repaying a loan from the wallet (credit!beforepay, credit!pay). One transaction takes everything
// or nothing (ARCHITECTURE section 5):
//   loan_repayment         user wallet -> platform:loan_receivable   the principal
//   loan_interest          user wallet -> platform:interest_income   the term's interest
//   loan_overdue_interest  user wallet -> platform:interest_income   overdue rate x amount x days late
// A short balance is refused before anything moves (wallet.balance_insufficient).

export interface RepayMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
  requestId?: string | undefined;
  /** new clients' Idempotency-Key: a replay answers the first outcome */
  idempotencyKey?: string | undefined;
}

export class LoanRepaymentService {
  constructor(
    private readonly db: Database,
    private readonly repository: LoansRepository,
    private readonly loans: LoansService,
    private readonly ledger: Ledger,
    private readonly safewords: SafewordPort,
    private readonly idempotency: IdempotencyStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  /** credit!beforepay: what repaying now costs and what the wallet holds. */
  async beforePay(userId: string, creditId: string) {
    const loan = await this.loans.owned(this.db, userId, creditId);
    if (!isRepayable(loan)) throw new AppError('loans.not_repayable');
    const wallet = await this.ledger.walletOf(this.db, userId);
    return toBeforePay(loan, wallet.available, this.clock.now(), this.timeZone);
  }

  /**
   * credit!pay: checks the fund password (with its lock-out), then repays everything at once. With an
   * Idempotency-Key a replay answers the first outcome without checking or paying again.
   */
  async pay(userId: string, creditId: string, safeword: string | undefined, meta: RepayMeta = {}): Promise<void> {
    const checks = async () => {
      // an unknown or foreign loan does not cost a fund-password attempt
      const loan = await this.loans.owned(this.db, userId, creditId);
      if (!isRepayable(loan)) throw new AppError('loans.not_repayable');
      await this.safewords.verifySafeword(userId, safeword, {
        ...(meta.ip ? { ip: meta.ip } : {}),
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
        ...(meta.requestId ? { requestId: meta.requestId } : {}),
      });
    };
    const work = (tx: Transaction) => this.repayIn(tx, userId, creditId, meta.requestId);
    if (meta.idempotencyKey) {
      await this.idempotency.run({ key: `credit-pay:${userId}:${meta.idempotencyKey}`, userId, payload: { call: 'credit!pay', creditId } }, work, checks);
      return;
    }
    await checks();
    await this.db.transaction(work);
  }

  private async repayIn(tx: Transaction, userId: string, creditId: string, requestId: string | undefined): Promise<{ creditId: string }> {
    // the loan row is the lock: of concurrent repayments one finds it approved, the others repaid
    const loan = await this.repository.findByIdForUpdate(tx, creditId);
    if (!loan || loan.userId !== userId) throw new AppError('loans.not_found');
    if (!isRepayable(loan)) throw new AppError('loans.not_repayable');
    const now = this.clock.now();
    const due = amountDue(loan, loan.dueAt, now);

    const wallet = await this.ledger.lockWallet(tx, userId);
    const { available } = await this.ledger.walletOf(tx, userId);
    if (money.cmp(available, due.total) < 0) throw new AppError('wallet.balance_insufficient');
    const receivable = await this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.loanReceivable);
    const income = await this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.interestIncome);
    const reference = { referenceType: 'loan', referenceId: loan.id };
    const transfers: TransferInput[] = [
      { kind: 'loan_repayment', debitAccountId: wallet.id, creditAccountId: receivable.id, amount: due.principal, ...reference },
      { kind: 'loan_interest', debitAccountId: wallet.id, creditAccountId: income.id, amount: due.interest, ...reference },
      { kind: 'loan_overdue_interest', debitAccountId: wallet.id, creditAccountId: income.id, amount: due.overdueInterest, ...reference },
    ];
    let repaymentTransferId = '';
    for (const transfer of transfers) {
      if (!money.isPositive(transfer.amount)) continue;
      const posted = await this.ledger.postTransfer(tx, transfer);
      // checked above under the wallet lock; a refusal here rolls everything back
      if (!posted.ok) throw new AppError('wallet.balance_insufficient');
      if (transfer.kind === 'loan_repayment') repaymentTransferId = posted.transfer.id;
    }
    await transitionLoan(
      tx,
      { repository: this.repository, audit: this.audit, clock: this.clock },
      loan,
      'repay',
      { type: 'user', id: userId, reason: 'repaid from the wallet', requestId },
      { actualRepayment: due.total, overdueInterest: due.overdueInterest, repaidAt: now, repaymentTransferId },
      { principal: amount2(due.principal), interest: amount2(due.interest), overdueInterest: amount2(due.overdueInterest), total: amount2(due.total) },
    );
    return { creditId };
  }
}
