import { isTxHash } from '@caravan/contract/console';
import { money, parseMoney, type Money } from '@caravan/contract/money';
import { buildPageObject } from '@caravan/contract/paging';
import { answersInOrder, lastStatement, type Database, type Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageTotal } from '../../platform/capped-count.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import type { FirstRunCheck } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { formatLegacyDateTime, secondOfDay } from '../../platform/time-zone.ts';
import type { SafewordCheck } from '../accounts/accounts.service.ts';
import type { SettingsService } from '../content/settings.ts';
import { PLATFORM_ACCOUNTS } from './ledger/chart-of-accounts.ts';
import type { Ledger } from './ledger/ledger.ts';
import { toWithdrawRecord } from './wallet.mapper.ts';
import type { WalletRepository, WithdrawAddressRow, WithdrawRow } from './wallet.repository.ts';
import { recordsPage, type Actor, type RequestKey, type WalletService } from './wallet.service.ts';
import { withdrawalMachine, type WithdrawalState } from './wallet-state.ts';
import { isHeld, WithdrawalSafety } from './withdrawal-safety.ts';

/** Checks the fund password (and counts a wrong one towards its own lock-out). */
export interface SafewordPort {
  verifySafeword(userId: string, safeword: string | undefined, meta: { ip?: string; userAgent?: string; requestId?: string }): Promise<void>;
}

/**
 * The fund-password check, also inside the caller's transaction (a payment's, a withdrawal's: one
 * transaction instead of two, ADR 0014). A refusal is answered, not thrown: the caller commits what the
 * check wrote (a counted wrong guess) before it throws.
 */
export interface SafewordInPort extends SafewordPort {
  checkSafewordIn(tx: Transaction, userId: string, safeword: string | undefined, meta: { ip?: string; userAgent?: string; requestId?: string }): Promise<SafewordCheck>;
}

/**
 * The fund password as a request's first-run check (IdempotencyStore.runChecked): a wrong guess refuses
 * (counted, the key unused); a right one that reset earlier failures is checked again on its own if the
 * work is then rolled back, so that the reset is kept (as order!pay without a key does).
 */
export async function safewordFirst(safewords: SafewordInPort, tx: Transaction, userId: string, safeword: string | undefined, meta: { ip?: string; userAgent?: string; requestId?: string }): Promise<FirstRunCheck<undefined>> {
  const check = await safewords.checkSafewordIn(tx, userId, safeword, meta);
  if (check.refusal) return { refused: check.refusal };
  return { passed: undefined, afterRollback: check.cleared ? () => safewords.verifySafeword(userId, safeword, meta) : undefined };
}

/** Whether the user passed advanced identity verification (KYC module). */
export interface KycGatePort {
  advancedPassed(userId: string): Promise<boolean>;
}

export interface WithdrawalRequest {
  amount: Money;
  safeword?: string | undefined;
  /** legacy clients repeat the destination; when given it must be the bound address */
  from?: string | undefined;
}

function parseClock(value: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = value.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** Whether a second of the day falls in a window "HH:mm:ss-HH:mm:ss" (a window may cross midnight). */
export function inWindow(window: string, second: number): boolean {
  const [from = '00:00:00', to = '23:59:59'] = window.split('-');
  const start = parseClock(from);
  const end = parseClock(to);
  return start <= end ? second >= start && second <= end : second >= start || second <= end;
}

/**
 * Withdrawals: the amount (fee included) is held on the wallet when the user applies; an operator pays
 * it out on chain and approves with the transaction hash (the hold is posted, the fee goes to fees
 * income), or rejects it (the hold is voided and the money is spendable again).
 */
export class WithdrawalService {
  constructor(
    private readonly db: Database,
    private readonly repository: WalletRepository,
    private readonly wallet: WalletService,
    private readonly ledger: Ledger,
    private readonly safewords: SafewordInPort,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
    private readonly kyc: KycGatePort,
  ) {
    this.safety = new WithdrawalSafety(repository, settings, timeZone);
  }

  private readonly safety: WithdrawalSafety;

  feeRate(): Money {
    return parseMoney(this.settings.get('withdraw_fee_rate'));
  }

  /** The fee of an amount, rounded half up to the cent. */
  feeOf(amount: Money): Money {
    return money.round(money.mulRatio(amount, this.feeRate(), 'half_up'), 2, 'half_up');
  }

  limits() {
    return { withdrawAmountMin: this.settings.get('withdraw_limit_min'), withdrawAmountMax: this.settings.get('withdraw_limit_max') };
  }

  private checkAmount(amount: Money): void {
    if (!money.isPositive(amount) || !money.isZero(money.sub(amount, money.round(amount, 2, 'down')))) throw new AppError('wallet.withdraw_amount_invalid');
    const min = parseMoney(this.settings.get('withdraw_limit_min'));
    const max = parseMoney(this.settings.get('withdraw_limit_max'));
    if (money.cmp(amount, min) < 0) throw new AppError('wallet.withdraw_below_min', { min: money.format(min) });
    if (money.cmp(amount, max) > 0) throw new AppError('wallet.withdraw_above_max', { max: money.format(max) });
    if (!money.isPositive(money.sub(amount, this.feeOf(amount)))) throw new AppError('wallet.withdraw_amount_invalid');
  }

  /** Spec "advanced certification first": above the configured amount ("0": never) advanced KYC must have passed. */
  private async checkVerification(userId: string, amount: Money): Promise<void> {
    const above = parseMoney(this.settings.get('withdraw_advanced_kyc_above'));
    if (money.isZero(above) || money.cmp(amount, above) <= 0) return;
    if (!(await this.kyc.advancedPassed(userId))) throw new AppError('kyc.advanced_required');
  }

  private checkWindow(): void {
    const window = this.settings.get('withdrawal_time');
    if (!inWindow(window, secondOfDay(this.timeZone, this.clock.now()))) throw new AppError('wallet.withdraw_out_of_window', { window });
  }

  /**
   * withdraw!apply: checks everything, then holds the amount on the wallet, in one transaction behind the
   * request key's claim. The fund password, the amount, the verification, the window and the address come
   * first: a refusal of theirs leaves the key unused (a wrong guess is counted all the same); one from
   * behind the wallet's lock (open orders, velocity, balance) is the key's outcome.
   */
  async apply(userId: string, request: WithdrawalRequest, key: RequestKey, meta: { ip?: string; userAgent?: string } = {}): Promise<{ order_no: string }> {
    // the fund password never enters the idempotency record
    const payload = { call: 'withdraw', amount: money.format(request.amount), to: request.from?.trim() ?? '' };
    const checkMeta = { ...meta, ...(key.requestId ? { requestId: key.requestId } : {}) };
    return this.wallet.onceChecked(
      userId,
      key,
      payload,
      (tx) => this.checkFirst(tx, userId, request, checkMeta),
      (tx, settle, address) => this.placeIn(tx, userId, request, address, settle),
    );
  }

  /** The checks before the wallet's lock, in the withdrawal's transaction; answers the bound address. */
  private async checkFirst(tx: Transaction, userId: string, request: WithdrawalRequest, meta: { ip?: string; userAgent?: string; requestId?: string }): Promise<FirstRunCheck<WithdrawAddressRow>> {
    // the fund password's user and lock-out claim, and the address, written at once: one wait, with the
    // key's claim they are written behind (the transaction is pipelined, packages/db client.ts). The
    // address is read for share: an operator's change of it waits for this withdrawal, which holds the
    // address it read (and its cool-down) to the end
    const [check, address] = await answersInOrder([safewordFirst(this.safewords, tx, userId, request.safeword, meta), this.repository.findAddressForShare(tx, userId)]);
    if ('refused' in check) return check;
    try {
      this.checkAmount(request.amount);
      await this.checkVerification(userId, request.amount);
      this.checkWindow();
      if (!address) throw new AppError('wallet.withdraw_address_required');
      if (request.from && request.from.trim() !== address.address) throw new AppError('wallet.address_protocol_mismatch');
    } catch (error) {
      // committed with the check: a right fund password's reset of earlier failures is kept
      if (isAppError(error)) return { refused: error };
      throw error;
    }
    return { ...check, passed: address };
  }

  private async placeIn(tx: Transaction, userId: string, request: WithdrawalRequest, address: WithdrawAddressRow, settle: (outcome: { order_no: string }) => Promise<void>): Promise<{ order_no: string }> {
    const now = this.clock.now();
    // the velocity's totals read behind the wallet's lock, both written at once: one wait (the transaction
    // is pipelined, packages/db client.ts); their answers are read in that order
    const [wallet] = await answersInOrder([this.wallet.lockForNewOrder(tx, userId), this.safety.checkVelocity(tx, userId, request.amount, now)]);
    const marks = await this.safety.marksFor(tx, userId, address, request.amount, now);

    const id = newId();
    const fee = this.feeOf(request.amount);
    // the withdrawal and the request's outcome are written before the hold: the payout account, which
    // every withdrawal locks, stays locked for the hold and the commit only (ADR 0014); a refused hold
    // rolls both back with it (nothing was written: its commit was not either)
    const holdTransferId = newId();
    const orderNo = await this.repository.insertWithdrawal(
      tx,
      {
        id,
        userId,
        coin: address.coin,
        blockchainName: address.blockchainName,
        toAddress: address.address,
        amount: request.amount,
        fee,
        arrivalAmount: money.sub(request.amount, fee),
        state: 'pending' satisfies WithdrawalState,
        holdTransferId,
        heldUntil: marks.heldUntil,
        reviewRequired: marks.reviewRequired,
        createdAt: now,
        updatedAt: now,
      },
      this.wallet.orderNoStamp('W'),
    );
    // the outcome, then the payout account's lock, written at once; the hold then ends the transaction,
    // its commit written behind it (lastStatement): the payout account is held for one wait
    const [, payout] = await answersInOrder([settle({ order_no: orderNo }), this.ledger.lockPlatformAccount(tx, PLATFORM_ACCOUNTS.payout)]);
    const hold = await lastStatement(tx, () =>
      this.ledger.holdTransfer(tx, {
        id: holdTransferId,
        kind: 'withdrawal_hold',
        debitAccountId: wallet.id,
        creditAccountId: payout.id,
        amount: request.amount,
        referenceType: 'withdrawal',
        referenceId: id,
        metadata: { orderNo },
        locked: [wallet, payout],
      }),
    );
    if (!hold.ok) throw new AppError('wallet.balance_insufficient');
    return { order_no: orderNo };
  }

  // ---- decisions --------------------------------------------------------------------------------

  /**
   * Paid out on chain: posts the hold and books the fee. Exactly once per withdrawal. Not while the
   * cool-down after an address change holds it; one marked "needs review" needs `reviewConfirmed`.
   */
  async approve(withdrawalId: string, actor: Actor, txHash: string, options: { reviewConfirmed?: boolean | undefined } = {}): Promise<WithdrawRow> {
    const hash = txHash.trim();
    if (!/^(0x)?[0-9A-Za-z]{8,128}$/.test(hash)) throw new AppError('wallet.tx_hash_required');
    return this.db.transaction(async (tx) => {
      const order = await this.lockPending(tx, withdrawalId, 'approve');
      // the hash as the payout's chain writes it
      if (!isTxHash(order.blockchainName, hash)) throw new AppError('wallet.tx_hash_required');
      if (isHeld(order, this.clock.now()) && order.heldUntil) {
        throw new AppError('wallet.withdraw_held', { until: `${formatLegacyDateTime(this.timeZone, order.heldUntil)} (${this.timeZone})` });
      }
      if (order.reviewRequired && options.reviewConfirmed !== true) throw new AppError('wallet.withdraw_review_unconfirmed');
      const posted = await this.ledger.postPending(tx, order.holdTransferId, { kind: 'withdrawal', metadata: { orderNo: order.orderNo, txHash: hash } });
      if (!posted.ok) throw new Error(`withdrawal hold could not be posted: ${posted.reason}`);
      if (money.isPositive(order.fee)) {
        const payout = await this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.payout);
        const fees = await this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.feesIncome);
        const fee = await this.ledger.postTransfer(tx, {
          kind: 'withdrawal_fee',
          debitAccountId: payout.id,
          creditAccountId: fees.id,
          amount: order.fee,
          referenceType: 'withdrawal',
          referenceId: order.id,
          metadata: { orderNo: order.orderNo },
        });
        if (!fee.ok) throw new Error(`withdrawal fee refused by the ledger: ${fee.reason}`);
      }
      const reviewed = order.reviewRequired ? { reviewConfirmed: true, reviewReason: 'new_address' } : {};
      const held = order.heldUntil ? { heldUntil: order.heldUntil.toISOString() } : {};
      return this.decide(tx, order, 'approved', actor, { txHash: hash }, { ...reviewed, ...held });
    });
  }

  /** Refused: the hold is voided, the money is spendable again. */
  async reject(withdrawalId: string, actor: Actor): Promise<WithdrawRow> {
    if (actor.reason.trim().length === 0) throw new AppError('wallet.reason_required');
    return this.db.transaction(async (tx) => {
      const order = await this.lockPending(tx, withdrawalId, 'reject');
      const voided = await this.ledger.voidPending(tx, order.holdTransferId, { kind: 'withdrawal_release', metadata: { orderNo: order.orderNo, reason: actor.reason } });
      if (!voided.ok) throw new Error(`withdrawal hold could not be voided: ${voided.reason}`);
      return this.decide(tx, order, 'rejected', actor, { rejectReason: actor.reason });
    });
  }

  private async lockPending(tx: Transaction, withdrawalId: string, event: 'approve' | 'reject'): Promise<WithdrawRow> {
    const order = await this.repository.findWithdrawalForUpdate(tx, withdrawalId);
    if (!order) throw new AppError('wallet.order_not_found');
    if (!withdrawalMachine.next(order.state as WithdrawalState, event)) throw new AppError('wallet.order_already_processed');
    return order;
  }

  private async decide(tx: Transaction, order: WithdrawRow, state: WithdrawalState, actor: Actor, changes: { txHash?: string; rejectReason?: string }, audited: Record<string, unknown> = {}): Promise<WithdrawRow> {
    const now = this.clock.now();
    const update = { state, reviewedBy: actor.id, reviewedAt: now, updatedAt: now, ...changes };
    await this.repository.updateWithdrawal(tx, order.id, update);
    await this.audit.record(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: state === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: order.id,
      reason: actor.reason,
      detail: { orderNo: order.orderNo, amount: money.format(order.amount), toAddress: order.toAddress, ...changes, ...audited },
      requestId: actor.requestId ?? null,
    });
    return { ...order, ...update };
  }

  // ---- records ----------------------------------------------------------------------------------

  async records(userId: string, request: { page_no?: number | undefined; page_size?: number | undefined }) {
    const page = recordsPage(request.page_no, request.page_size);
    const [rows, total] = await Promise.all([
      this.repository.pageWithdrawals(this.db, userId, page.pageSize, page.offset),
      this.repository.countWithdrawals(this.db, userId),
    ]);
    const now = this.clock.now();
    return buildPageObject(rows.map((row) => toWithdrawRecord(row, this.timeZone, now)), page.pageNo, page.pageSize, total);
  }

  /** The console's queue: filter by state or user, newest first. */
  async consoleList(filter: { state?: string | undefined; userId?: string | undefined; page: number; pageSize: number }) {
    const query = { ...filter, limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize };
    const [rows, counted] = await Promise.all([this.repository.consoleWithdrawals(this.db, query), this.repository.countConsoleWithdrawals(this.db, query)]);
    return { rows, ...pageTotal(counted) };
  }

  async consoleGet(id: string): Promise<WithdrawRow> {
    const row = await this.repository.findWithdrawal(this.db, id);
    if (!row) throw new AppError('wallet.order_not_found');
    return row;
  }

  async record(userId: string, orderNo: string) {
    const row = await this.repository.findWithdrawalByOrderNo(this.db, userId, orderNo);
    if (!row) throw new AppError('wallet.order_not_found');
    return toWithdrawRecord(row, this.timeZone, this.clock.now());
  }

  /** "Now" of the service's clock, for mapping what is held at this instant. */
  now(): Date {
    return this.clock.now();
  }
}
