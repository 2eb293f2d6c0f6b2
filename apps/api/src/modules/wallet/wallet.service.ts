import { randomBytes } from 'node:crypto';
import { money, type Money } from '@caravan/contract/money';
import { buildPageObject } from '@caravan/contract/paging';
import { answersInOrder, type Database, type Executor, type Transaction } from '@caravan/db/client';
import { sql, type SQL } from 'drizzle-orm';
import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import { MINUTE_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { FirstRunCheck, IdempotencyStore } from '../../platform/idempotency.ts';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { SettingsService } from '../content/settings.ts';
import { checkAddress } from './crypto-address.ts';
import type { Ledger } from './ledger/ledger.ts';
import type { AccountRow, LedgerRepository } from './ledger/ledger.repository.ts';
import { cents } from './wallet.mapper.ts';
import { drawnOrderNo, type WalletRepository, type WithdrawAddressRow, type WithdrawRow } from './wallet.repository.ts';
import { coolDownEnd, safetyOf } from './withdrawal-safety.ts';

/** A third-party payment nobody completed stops blocking new orders after this long. */
export const ABANDONED_PAYMENT_MS = 30 * MINUTE_MS;

/** Page sizes of the page_no/page_size lists (legacy default 10). */
export const DEFAULT_RECORDS_PAGE = 10;
export const MAX_RECORDS_PAGE = 100;

export function recordsPage(pageNo: number | undefined, pageSize: number | undefined) {
  const size = Math.min(pageSize ?? DEFAULT_RECORDS_PAGE, MAX_RECORDS_PAGE);
  const number = pageNo ?? 1;
  return { pageNo: number, pageSize: size, offset: (number - 1) * size };
}

/** What identifies a money-moving request: the legacy session_token, or an Idempotency-Key header. */
export interface RequestKey {
  sessionToken?: string | undefined;
  idempotencyKey?: string | undefined;
  requestId?: string | undefined;
}

/** Statement filters that stand for several transfer kinds (the loan kinds are booked by the loans module). */
const STATEMENT_KIND_GROUPS: Readonly<Record<string, string[]>> = {
  withdrawal: ['withdrawal_hold', 'withdrawal', 'withdrawal_release'],
  loan: ['loan_disbursement', 'loan_repayment', 'loan_interest', 'loan_overdue_interest'],
};

export interface Actor {
  type: 'operator' | 'system';
  id: string;
  reason: string;
  requestId?: string | undefined;
}

/** On a withdrawal's hold line: why the withdrawal waits and until when (empty for every other line). */
function statementSafety(withdrawal: WithdrawRow | undefined, now: Date, timeZone: string) {
  if (!withdrawal) return { holdReason: '' as const, heldUntil: '', reviewReason: '' as const };
  const safety = safetyOf(withdrawal, now);
  return { holdReason: safety.holdReason, heldUntil: formatLegacyDateTime(timeZone, safety.heldUntil), reviewReason: safety.reviewReason };
}

export class WalletService {
  constructor(
    private readonly db: Database,
    private readonly repository: WalletRepository,
    private readonly ledger: Ledger,
    private readonly ledgerRepository: LedgerRepository,
    private readonly idempotency: IdempotencyStore,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  /** A new order number, as an SQL expression for the order's insert, which answers the number it drew (drawnOrderNo). */
  orderNo(prefix: 'R' | 'W'): SQL<string> {
    return drawnOrderNo(this.orderNoStamp(prefix));
  }

  /** A new order number's letter and platform-time date and time, to which its insert adds the 6 digits (drawnOrderNo). */
  orderNoStamp(prefix: 'R' | 'W'): string {
    return `${prefix}${formatLegacyDateTime(this.timeZone, this.clock.now()).replace(/\D/g, '')}`;
  }

  /** An order number drawn before its order is written (a payment provider is told it first). */
  async drawOrderNo(executor: Executor, prefix: 'R' | 'W'): Promise<string> {
    const result = await executor.execute<{ order_no: string }>(sql`select ${this.orderNo(prefix)} as order_no`);
    const orderNo = result.rows[0]?.order_no;
    if (!orderNo) throw new Error(`no ${prefix} order number was drawn`);
    return orderNo;
  }

  async balance(userId: string) {
    const wallet = await this.ledger.walletBalance(this.db, userId);
    return { money: cents(wallet.available), rebate: '0.00', frozen: cents(wallet.frozen) };
  }

  /** What the user's wallet received from transfers of these kinds (deposits, sale margins). */
  async creditedTotal(executor: Executor, userId: string, kinds: string[]): Promise<Money> {
    const { account } = await this.ledger.walletOf(executor, userId);
    return account ? this.ledgerRepository.creditedByKinds(executor, account.id, kinds) : money.zero;
  }

  /** Per order, what transfers of one kind moved for it (e.g. the margin released to its seller). */
  async orderTotals(orderIds: string[], kind: string): Promise<Map<string, Money>> {
    return this.ledgerRepository.totalsByReference(this.db, 'order', orderIds, kind);
  }

  // ---- idempotency ------------------------------------------------------------------------------

  async openSession(userId: string): Promise<string> {
    const token = randomBytes(16).toString('hex');
    const now = this.clock.now();
    await this.repository.insertSessionToken(this.db, {
      token,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.get('session_token_ttl_minutes') * MINUTE_MS),
    });
    return token;
  }

  /**
   * Runs a money-moving request once per key. A legacy session_token must have been issued to this
   * user and not have expired when first used; replays answer the first outcome.
   */
  async once<T>(userId: string, key: RequestKey, payload: unknown, work: (tx: Transaction, settle: (outcome: T) => Promise<void>) => Promise<T>, beforeFirstRun?: () => Promise<void>): Promise<T> {
    return this.idempotency.run({ key: this.scopedKey(userId, key), userId, payload }, work, async () => {
      if (key.sessionToken) this.checkSessionToken(userId, await this.repository.findSessionToken(this.db, key.sessionToken));
      await beforeFirstRun?.();
    });
  }

  /**
   * `once` with the first-run checks in the request's own transaction, behind the key's claim
   * (IdempotencyStore.runChecked): the legacy session token is read there too.
   */
  async onceChecked<T, V>(userId: string, key: RequestKey, payload: unknown, check: (tx: Transaction) => Promise<FirstRunCheck<V>>, work: (tx: Transaction, settle: (outcome: T) => Promise<void>, passed: V) => Promise<T>): Promise<T> {
    const token = key.sessionToken;
    const checked = token
      ? async (tx: Transaction): Promise<FirstRunCheck<V>> => {
          const [row, found] = await answersInOrder([this.repository.findSessionToken(tx, token), check(tx)]);
          this.checkSessionToken(userId, row);
          return found;
        }
      : check;
    return this.idempotency.runChecked({ key: this.scopedKey(userId, key), userId, payload }, checked, work);
  }

  private scopedKey(userId: string, key: RequestKey): string {
    const scoped = key.sessionToken ? `st:${key.sessionToken}` : key.idempotencyKey ? `hdr:${userId}:${key.idempotencyKey}` : undefined;
    if (!scoped) throw new AppError('common.try_later');
    return scoped;
  }

  private checkSessionToken(userId: string, token: { userId: string; expiresAt: Date } | undefined): void {
    if (!token || token.userId !== userId || token.expiresAt <= this.clock.now()) throw new AppError('common.try_later');
  }

  /**
   * Locks the user's wallet (and answers it) and enforces one unfinished recharge or withdrawal at a
   * time. Third-party payments abandoned for 30 minutes fail here, so they do not block the user for ever.
   */
  async lockForNewOrder(tx: Transaction, userId: string): Promise<AccountRow> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - ABANDONED_PAYMENT_MS);
    // the wallet's lock, then the abandoned payments' failure and the question of open orders, written at
    // once: one wait instead of three (the transaction is pipelined, packages/db client.ts). PostgreSQL runs
    // them in that order, so both run behind the lock, which serialises a user's new orders
    const [existing, abandoned, open] = await Promise.all([
      this.ledger.lockExistingWallet(tx, userId),
      this.repository.failAbandonedPayments(tx, userId, cutoff, now),
      this.repository.unfinished(tx, userId),
    ]);
    if (!existing) {
      // the user's first wallet: created, then locked, and both run again behind that lock
      const wallet = await this.ledger.lockWallet(tx, userId);
      const failedNow = await this.repository.failAbandonedPayments(tx, userId, cutoff, now);
      return this.readyForNewOrder(tx, wallet, [...abandoned, ...failedNow], await this.repository.unfinished(tx, userId));
    }
    return this.readyForNewOrder(tx, existing, abandoned, open);
  }

  private async readyForNewOrder(tx: Transaction, wallet: AccountRow, abandoned: string[], open: { recharge: boolean; withdrawal: boolean }): Promise<AccountRow> {
    for (const id of abandoned) {
      await this.audit.record(tx, { actorType: 'system', actorId: 'payment-timeout', action: 'recharge.fail', targetType: 'recharge', targetId: id, reason: 'payment not completed in time' });
    }
    if (open.recharge || open.withdrawal) throw new AppError('wallet.unfinished_order');
    return wallet;
  }

  // ---- withdrawal address -----------------------------------------------------------------------

  async bindAddress(userId: string, input: { blockchain_name: string; coin?: string | undefined; channel_address: string }, requestId?: string): Promise<void> {
    const protocol = input.blockchain_name.trim().toUpperCase();
    const check = checkAddress(protocol, input.channel_address);
    if (!check.ok) throw new AppError(check.reason === 'unsupported' ? 'wallet.protocol_unsupported' : 'wallet.address_protocol_mismatch');
    await this.db.transaction(async (tx) => {
      const bound = await this.repository.insertAddress(tx, {
        userId,
        coin: (input.coin ?? 'USDT').toUpperCase(),
        blockchainName: protocol,
        address: check.address,
        createdAt: this.clock.now(),
      });
      if (!bound) throw new AppError('wallet.address_already_bound');
      await this.audit.record(tx, {
        actorType: 'user',
        actorId: userId,
        action: 'wallet.withdraw_address_bound',
        targetType: 'user',
        targetId: userId,
        detail: { protocol, address: check.address },
        requestId: requestId ?? null,
      });
    });
  }

  /**
   * An operator changes the user's bound address (the user's own bind stays "only one address"): reason
   * required, audited with before and after. The change time starts the withdrawal cool-down.
   */
  async changeAddress(userId: string, input: { blockchainName: string; coin?: string | undefined; address: string }, actor: OperatorActor & { reason: string }): Promise<WithdrawAddressRow> {
    if (actor.reason.trim().length === 0) throw new AppError('wallet.reason_required');
    const protocol = input.blockchainName.trim().toUpperCase();
    const check = checkAddress(protocol, input.address);
    if (!check.ok) throw new AppError(check.reason === 'unsupported' ? 'wallet.protocol_unsupported' : 'wallet.address_protocol_mismatch');
    return this.db.transaction(async (tx) => {
      const before = await this.repository.findAddressForUpdate(tx, userId);
      if (!before) throw new AppError('wallet.withdraw_address_required');
      const coin = (input.coin?.trim() || before.coin).toUpperCase();
      if (before.address === check.address && before.blockchainName === protocol && before.coin === coin) throw new AppError('wallet.address_unchanged');
      const now = this.clock.now();
      const changes = { coin, blockchainName: protocol, address: check.address, changedAt: now, changedBy: actor.id };
      await this.repository.updateAddress(tx, userId, changes);
      const shown = (row: Pick<WithdrawAddressRow, 'coin' | 'blockchainName' | 'address'>) => ({ coin: row.coin, protocol: row.blockchainName, address: row.address });
      await this.audit.record(
        tx,
        operatorEntry({ ...actor, reason: actor.reason.trim() }, 'wallet.withdraw_address_changed', { type: 'user', id: userId }, {
          before: shown(before),
          after: shown(changes),
          coolDownHours: this.settings.get('withdraw_address_cooldown_hours'),
        }),
      );
      return { ...before, ...changes };
    });
  }

  /** The console's view of a user's bound address, with the cool-down running at this instant. */
  async consoleAddress(userId: string) {
    const row = await this.repository.findAddress(this.db, userId);
    if (!row) return { userId, address: null };
    const end = coolDownEnd(row, this.settings.get('withdraw_address_cooldown_hours'), this.clock.now());
    return {
      userId,
      address: {
        coin: row.coin,
        blockchainName: row.blockchainName,
        address: row.address,
        boundAt: row.createdAt.toISOString(),
        changedAt: row.changedAt ? row.changedAt.toISOString() : null,
        changedBy: row.changedBy,
        coolDownUntil: end ? end.toISOString() : null,
      },
    };
  }

  async withdrawOpen(userId: string) {
    const [token, address] = await Promise.all([this.openSession(userId), this.repository.findAddress(this.db, userId)]);
    return {
      session_token: token,
      coinType: address?.coin ?? 'USDT',
      chainName: address?.blockchainName ?? 'TRC20',
      openWithdrawAddressBinding: 1,
      existWithdrawAddress: address?.address ?? '',
    };
  }

  // ---- console dashboard ------------------------------------------------------------------------

  /** Deposits credited and withdrawals paid out in [from, to), and the review queues' sizes. */
  async consoleFigures(from: Date, to: Date) {
    const figures = await this.repository.consoleFigures(this.db, from, to);
    return {
      deposits: { count: figures.deposits.count, amount: cents(money.fromDb(figures.deposits.amount)) },
      withdrawals: { count: figures.withdrawals.count, amount: cents(money.fromDb(figures.withdrawals.amount)) },
      pendingRecharges: figures.pendingRecharges,
      pendingWithdrawals: figures.pendingWithdrawals,
    };
  }

  // ---- statement --------------------------------------------------------------------------------

  /** Every transfer touching the user's wallet, newest first, with the balances after it. */
  async statement(userId: string, request: { page_no?: number | undefined; page_size?: number | undefined; kind?: string | undefined }) {
    const page = recordsPage(request.page_no, request.page_size);
    const wallet = await this.ledger.walletOf(this.db, userId);
    if (!wallet.account) return buildPageObject([], page.pageNo, page.pageSize, 0);
    const kinds = request.kind ? (STATEMENT_KIND_GROUPS[request.kind] ?? [request.kind]) : undefined;
    const [rows, total] = await Promise.all([
      this.ledgerRepository.statement(this.db, wallet.account.id, { limit: page.pageSize, offset: page.offset, ...(kinds ? { kinds } : {}) }),
      this.ledgerRepository.countEntries(this.db, wallet.account.id, kinds),
    ]);
    // the holds of withdrawals still in review say why they wait and until when
    const holdIds = rows.filter(({ transfer }) => transfer.kind === 'withdrawal_hold' && transfer.referenceType === 'withdrawal' && transfer.referenceId).map(({ transfer }) => transfer.referenceId ?? '');
    const withdrawals = new Map((await this.repository.withdrawalsByIds(this.db, holdIds)).map((row) => [row.id, row]));
    const now = this.clock.now();
    const lines = rows.map(({ entry, transfer }) => {
      const moved = !money.isZero(entry.amount);
      const direction = moved ? (money.isPositive(entry.amount) ? 'in' : 'out') : money.isPositive(entry.pendingDebitChange) ? 'hold' : 'release';
      const amount = moved ? entry.amount : entry.pendingDebitChange;
      return {
        transferId: transfer.id,
        time: formatLegacyDateTime(this.timeZone, entry.createdAt),
        kind: transfer.kind,
        direction,
        amount: cents(money.isNegative(amount) ? money.neg(amount) : amount),
        balance: cents(entry.balanceAfter),
        available: cents(entry.availableAfter),
        referenceType: transfer.referenceType ?? '',
        referenceId: transfer.referenceId ?? '',
        ...statementSafety(transfer.kind === 'withdrawal_hold' ? withdrawals.get(transfer.referenceId ?? '') : undefined, now, this.timeZone),
      };
    });
    return buildPageObject(lines, page.pageNo, page.pageSize, total);
  }

  // ---- account cancellation -------------------------------------------------------------------

  /** Vetoes cancelling an account that still holds money or has a deposit or withdrawal in review. */
  async cancellationVeto(executor: Executor, userId: string): Promise<ErrorKey | undefined> {
    const wallet = await this.ledger.walletOf(executor, userId);
    if (!money.isZero(wallet.balance) || !money.isZero(wallet.frozen)) return 'accounts.logoff_balance_remaining';
    const open = await this.repository.unfinished(executor, userId);
    if (open.recharge) return 'accounts.logoff_unfinished_recharge';
    if (open.withdrawal) return 'accounts.logoff_unfinished_withdrawal';
    return undefined;
  }
}
