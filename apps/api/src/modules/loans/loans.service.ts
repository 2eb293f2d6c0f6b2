import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import { money, parseMoney, type Money } from '@caravan/contract/money';
import { buildPageObject, resolvePage } from '@caravan/contract/paging';
import type { Database, Executor } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { SettingsService } from '../content/settings.ts';
import { dueAtOf, overdueInterestOf, totalInterestOf, type LoanTerms } from './loan-terms.ts';
import type { LoanState } from './loan-state.ts';
import { amount2, rate4, toBill, toCreditRecord } from './loans.mapper.ts';
import { isUniqueViolation } from '../../platform/sql.ts';
import type { LoanRow, LoansRepository } from './loans.repository.ts';

// Start-up loans, the applicant's side: the offer (config), applying and re-applying, the bill and
// the history. Review, disbursement and overdue are in loan-review.service.ts, repayment in
// loan-repayment.service.ts.

/** Page size of credit!histroy (spec: user lists 20). */
export const LOAN_HISTORY_PAGE_SIZE = 20;
/** The longest term: one year (spec section 9). */
export const MAX_LOAN_DAYS = 365;

export interface LoanApplicationPorts {
  /** an image stored here (checked by content at upload) that this user uploaded */
  isOwnedImage(url: string, userId: string): Promise<boolean>;
  countryExists(countryId: number): boolean;
  /** qualification: a fund password is needed to repay, so it is needed to borrow */
  hasSafeword(userId: string): Promise<boolean>;
}

export interface LoanApplication {
  realName: string;
  identification: string;
  countryId?: number | undefined;
  creditPeriod?: string | undefined;
  applyAmount?: string | undefined;
  imgCertificateFace: string;
  imgCertificateBack: string;
  imgCertificateHand: string;
  creditId?: string | undefined;
}

export class LoansService {
  constructor(
    private readonly db: Database,
    private readonly repository: LoansRepository,
    private readonly ports: LoanApplicationPorts,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  // ---- the offer ------------------------------------------------------------------------------

  /** The terms new loans get now: rates per day and the configured limits. */
  currentTerms(): { creditRate: Money; defaultRate: Money; amountMin: Money; amountMax: Money; lendableDays: number[]; allLendableDays: number[] } {
    const all = [...new Set(this.settings.get('loan_all_lendable_days'))].filter((days) => days <= MAX_LOAN_DAYS).sort((a, b) => a - b);
    return {
      creditRate: parseMoney(this.settings.get('loan_rate')),
      defaultRate: parseMoney(this.settings.get('loan_default_rate')),
      amountMin: parseMoney(this.settings.get('loan_amount_min')),
      amountMax: parseMoney(this.settings.get('loan_amount_max')),
      lendableDays: this.settings.get('loan_lendable_days').filter((days) => all.includes(days)).sort((a, b) => a - b),
      allLendableDays: all,
    };
  }

  /** Checks an amount and a term against the offer; answers the loan's terms. */
  checkRequest(applyAmount: string | undefined, creditPeriod: string | undefined): LoanTerms {
    const terms = this.currentTerms();
    if (applyAmount === undefined || !/^\d{1,16}$/.test(applyAmount)) throw new AppError('loans.amount_invalid');
    const amount = money.of(BigInt(applyAmount));
    if (money.cmp(amount, terms.amountMin) < 0) throw new AppError('loans.amount_below_min', { min: amount2(terms.amountMin) });
    if (money.cmp(amount, terms.amountMax) > 0) throw new AppError('loans.amount_above_max', { max: amount2(terms.amountMax) });
    const days = creditPeriod !== undefined && /^\d{1,3}$/.test(creditPeriod) ? Number(creditPeriod) : NaN;
    if (!terms.lendableDays.includes(days)) throw new AppError('loans.period_invalid', { days: terms.lendableDays.join(', ') });
    return { amount, creditRate: terms.creditRate, defaultRate: terms.defaultRate, creditPeriod: days };
  }

  /** credit!config, with the exact cost of an amount and term when both are given (honesty rule). */
  config(input: { applyAmount?: string | undefined; creditPeriod?: string | undefined }) {
    const terms = this.currentTerms();
    let quote = null;
    if (input.applyAmount !== undefined || input.creditPeriod !== undefined) {
      const loan = this.checkRequest(input.applyAmount, input.creditPeriod);
      const totalInterest = totalInterestOf(loan);
      const dueAt = dueAtOf(this.clock.now(), loan.creditPeriod);
      quote = {
        applyAmount: amount2(loan.amount),
        creditPeriod: loan.creditPeriod,
        creditRate: rate4(loan.creditRate),
        totalInterest: amount2(totalInterest),
        totalRepayment: amount2(money.add(loan.amount, totalInterest)),
        defaultRate: rate4(loan.defaultRate),
        // one day late, from the due time on
        overdueInterestPerDay: amount2(overdueInterestOf(loan, dueAt, new Date(dueAt.getTime() + 1))),
        dueTime: formatLegacyDateTime(this.timeZone, dueAt),
      };
    }
    return {
      rate: rate4(terms.creditRate),
      defaultRate: rate4(terms.defaultRate),
      lendableDays: terms.lendableDays.map(String),
      allLendableDays: terms.allLendableDays.map(String),
      amountMin: amount2(terms.amountMin),
      amountMax: amount2(terms.amountMax),
      quote,
    };
  }

  // ---- applying -------------------------------------------------------------------------------

  /** credit!check: "true" while the user has no unfinished loan. */
  async check(userId: string): Promise<'true' | 'false'> {
    return (await this.repository.findUnfinished(this.db, userId)) ? 'false' : 'true';
  }

  /** The user's own loan; another user's loan does not exist for them. */
  async owned(executor: Executor, userId: string, creditId: string): Promise<LoanRow> {
    const loan = await this.repository.findById(executor, creditId);
    if (!loan || loan.userId !== userId) throw new AppError('loans.not_found');
    return loan;
  }

  /** credit!apply: a new application, pending review (or a re-application after a rejection). */
  async apply(userId: string, input: LoanApplication, requestId?: string): Promise<{ creditId: string }> {
    const terms = this.checkRequest(input.applyAmount, input.creditPeriod);
    if (await this.repository.findUnfinished(this.db, userId)) throw new AppError('loans.unfinished_exists');
    const realName = input.realName.trim();
    const identification = input.identification.trim();
    if (realName.length === 0) throw new AppError('loans.real_name_required');
    if (identification.length === 0) throw new AppError('loans.identification_required');
    if (input.countryId === undefined || !this.ports.countryExists(input.countryId)) throw new AppError('loans.country_invalid');
    const pictures = [input.imgCertificateFace.trim(), input.imgCertificateBack.trim(), input.imgCertificateHand.trim()] as const;
    for (const picture of pictures) {
      if (picture.length === 0) throw new AppError('loans.certificate_required');
      if (!(await this.ports.isOwnedImage(picture, userId))) throw new AppError('loans.certificate_invalid');
    }
    if (input.creditId) {
      const previous = await this.owned(this.db, userId, input.creditId);
      if (previous.state !== ('rejected' satisfies LoanState)) throw new AppError('loans.not_reapplicable');
    }
    if (!(await this.ports.hasSafeword(userId))) throw new AppError('loans.not_qualified');

    const id = newId();
    const now = this.clock.now();
    const totalInterest = totalInterestOf(terms);
    try {
      await this.db.transaction(async (tx) => {
        await this.repository.insert(tx, {
          id,
          userId,
          state: 'pending' satisfies LoanState,
          realName,
          identification,
          countryId: input.countryId ?? 0,
          imgCertificateFace: pictures[0],
          imgCertificateBack: pictures[1],
          imgCertificateHand: pictures[2],
          creditPeriod: terms.creditPeriod,
          amount: terms.amount,
          creditRate: terms.creditRate,
          defaultRate: terms.defaultRate,
          totalInterest,
          totalRepayment: money.add(terms.amount, totalInterest),
          reapplyOf: input.creditId ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await this.audit.record(tx, {
          actorType: 'user',
          actorId: userId,
          action: input.creditId ? 'loan.reapply' : 'loan.apply',
          targetType: 'loan',
          targetId: id,
          detail: { amount: amount2(terms.amount), creditPeriod: terms.creditPeriod, reapplyOf: input.creditId ?? null },
          requestId: requestId ?? null,
        });
      });
    } catch (error) {
      // a concurrent application of the same user won the one-unfinished index
      if (isUniqueViolation(error)) throw new AppError('loans.unfinished_exists');
      throw error;
    }
    return { creditId: id };
  }

  // ---- reads ----------------------------------------------------------------------------------

  /** credit!bill: the loan in use (approved or overdue), zeros when none. */
  async bill(userId: string) {
    const loan = await this.repository.findUnfinished(this.db, userId);
    return toBill(loan, this.clock.now(), this.timeZone);
  }

  /** credit!histroy: every loan of the user, newest first, as the legacy Page object. */
  async history(userId: string, request: { pageNum?: number | undefined; pageSize?: number | undefined }) {
    const page = resolvePage(request.pageNum, request.pageSize, LOAN_HISTORY_PAGE_SIZE);
    const [rows, total] = await Promise.all([
      this.repository.pageByUser(this.db, userId, page.pageSize, page.offset),
      this.repository.countByUser(this.db, userId),
    ]);
    const now = this.clock.now();
    return buildPageObject(rows.map((row) => toCreditRecord(row, now, this.timeZone)), page.pageNum, page.pageSize, total);
  }

  /** credit!beforereapply: a rejected loan of the user, to prefill the new application. */
  async beforeReapply(userId: string, creditId: string) {
    const loan = await this.owned(this.db, userId, creditId);
    if (loan.state !== ('rejected' satisfies LoanState)) throw new AppError('loans.not_reapplicable');
    return toCreditRecord(loan, this.clock.now(), this.timeZone);
  }

  // ---- account cancellation -------------------------------------------------------------------

  /** A pending, approved or overdue loan vetoes cancelling the account (user!logoff). */
  async cancellationVeto(executor: Executor, userId: string): Promise<ErrorKey | undefined> {
    return (await this.repository.findUnfinished(executor, userId)) ? 'loans.logoff_unfinished_loan' : undefined;
  }
}
