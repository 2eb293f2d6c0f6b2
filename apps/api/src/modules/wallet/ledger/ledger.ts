import { money, type Money } from '@caravan/contract/money';
import type { Database, Executor } from '@caravan/db/client';
import type { Clock } from '../../../platform/clock.ts';
import { newId } from '../../../platform/ids.ts';
import { PLATFORM_ACCOUNTS, userWalletCode, type PlatformAccountCode } from './chart-of-accounts.ts';
import { availableOf, balanceOf, type AccountRow, type LedgerRepository, type TransferRow } from './ledger.repository.ts';

// The one write path to money (ARCHITECTURE section 5). Every function runs in the caller's
// transaction: it locks the accounts in id order, checks their flags, writes the transfer and one entry
// per account (balances before and after), and bumps the accounts' versions, these writes in one
// statement. Failures a caller must expect come back as named results, never as exceptions.

export const CURRENCY = 'USDT';

export interface TransferInput {
  /** the transfer's id when the caller must name it before the transfer is written; a new one otherwise */
  id?: string;
  kind: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: Money;
  referenceType?: string;
  referenceId?: string;
  metadata?: Record<string, unknown>;
  /**
   * Accounts of this transfer the caller's transaction has locked (or created) already, as they are
   * now: they are not read and locked again (one statement less, ADR 0014).
   */
  locked?: AccountRow[];
}

export type LedgerFailure =
  /** a flagged debit account would spend more than its credits */
  | 'insufficient_funds'
  /** a flagged credit account would receive more than its debits */
  | 'exceeds_debits'
  | 'pending_not_found'
  | 'pending_already_resolved'
  | 'not_reversible'
  | 'already_reversed';

/** A posted transfer comes with its accounts as they are after it (for a caller holding them locked). */
export type LedgerResult = { ok: true; transfer: TransferRow; debit: AccountRow; credit: AccountRow } | { ok: false; reason: LedgerFailure };

type Phase = 'single' | 'pending' | 'post_pending' | 'void_pending';

/** A transfer checked and computed, not written yet. */
type PlannedTransfer = { ok: true; transfer: TransferRow; entries: Parameters<LedgerRepository['writeTransfer']>[2]; debit: AccountRow; credit: AccountRow };

/** How a phase changes the debit side (d) and the credit side (c) of the accounts, by amount a. */
function effects(phase: Phase, amount: Money) {
  const zero = money.zero;
  const minus = money.neg(amount);
  switch (phase) {
    case 'single':
      return { debitPosted: amount, debitPending: zero, creditPosted: amount, creditPending: zero };
    case 'pending':
      return { debitPosted: zero, debitPending: amount, creditPosted: zero, creditPending: amount };
    case 'post_pending':
      return { debitPosted: amount, debitPending: minus, creditPosted: amount, creditPending: minus };
    case 'void_pending':
      return { debitPosted: zero, debitPending: minus, creditPosted: zero, creditPending: minus };
  }
}

export class Ledger {
  constructor(
    private readonly repository: LedgerRepository,
    private readonly clock: Clock,
  ) {}

  /** The platform's chart of accounts, created once (idempotent). */
  async ensurePlatformAccounts(executor: Executor): Promise<void> {
    for (const code of Object.values(PLATFORM_ACCOUNTS)) await this.platformAccount(executor, code);
  }

  async platformAccount(executor: Executor, code: PlatformAccountCode): Promise<AccountRow> {
    return this.repository.ensureAccount(executor, {
      id: newId(),
      code,
      kind: 'platform',
      currency: CURRENCY,
      debitsPosted: money.zero,
      creditsPosted: money.zero,
      debitsPending: money.zero,
      creditsPending: money.zero,
      createdAt: this.clock.now(),
    });
  }

  /** A user's wallet: it may never spend more than it holds (debits must not exceed credits). */
  async userWallet(executor: Executor, userId: string): Promise<AccountRow> {
    return this.repository.ensureAccount(executor, {
      id: newId(),
      code: userWalletCode(userId),
      kind: 'user_wallet',
      ownerId: userId,
      currency: CURRENCY,
      debitsPosted: money.zero,
      creditsPosted: money.zero,
      debitsPending: money.zero,
      creditsPending: money.zero,
      debitsMustNotExceedCredits: true,
      createdAt: this.clock.now(),
    });
  }

  /** An account of its own for one purpose (an order's escrow), created on first use. */
  async namedAccount(executor: Executor, code: string, kind: string, ownerId?: string): Promise<AccountRow> {
    return this.repository.ensureAccount(executor, this.newAccountRow(code, kind, ownerId));
  }

  /**
   * An account that normally does not exist yet (an order's escrow at its payment): created with one
   * statement, read only if it was there already. A created row is this transaction's alone until it
   * commits (`created`: it may be given to a transfer as `locked`); an existing one is not locked.
   */
  async freshAccount(executor: Executor, code: string, kind: string, ownerId?: string): Promise<{ account: AccountRow; created: boolean }> {
    const row = this.newAccountRow(code, kind, ownerId);
    const account = await this.repository.createAccount(executor, row);
    return { account, created: account.id === row.id };
  }

  private newAccountRow(code: string, kind: string, ownerId: string | undefined) {
    return {
      id: newId(),
      code,
      kind,
      ownerId: ownerId ?? null,
      currency: CURRENCY,
      debitsPosted: money.zero,
      creditsPosted: money.zero,
      debitsPending: money.zero,
      creditsPending: money.zero,
      createdAt: this.clock.now(),
    };
  }

  /** Reads a user's wallet without locking (balances as of the last commit). */
  async walletOf(executor: Executor, userId: string): Promise<{ balance: Money; available: Money; frozen: Money; account: AccountRow | undefined }> {
    const account = await this.repository.findAccountByCode(executor, userWalletCode(userId));
    if (!account) return { balance: money.zero, available: money.zero, frozen: money.zero, account: undefined };
    return { balance: balanceOf(account), available: availableOf(account), frozen: account.debitsPending, account };
  }

  /** The user's wallet figures read outside any transaction (the balance call: one prepared statement). */
  async walletBalance(db: Database, userId: string): Promise<{ available: Money; frozen: Money }> {
    const { available, frozen } = await this.walletOf(db, userId);
    return { available, frozen };
  }

  /** Locks the user's wallet row: money operations of one user happen one at a time. */
  async lockWallet(executor: Executor, userId: string): Promise<AccountRow> {
    return this.lockByCode(executor, userWalletCode(userId), () => this.userWallet(executor, userId));
  }

  /** Locks the user's wallet if it exists (one statement), and answers it; undefined before the user's first. */
  lockExistingWallet(executor: Executor, userId: string): Promise<AccountRow | undefined> {
    return this.repository.lockAccountByCode(executor, userWalletCode(userId));
  }

  /** Locks a platform account (e.g. the payout account a withdrawal's hold credits) and answers it as it is now. */
  async lockPlatformAccount(executor: Executor, code: PlatformAccountCode): Promise<AccountRow> {
    return this.lockByCode(executor, code, () => this.platformAccount(executor, code));
  }

  /** An existing account is locked in one statement; a first one is created, then locked. */
  private async lockByCode(executor: Executor, code: string, create: () => Promise<AccountRow>): Promise<AccountRow> {
    const locked = await this.repository.lockAccountByCode(executor, code);
    if (locked) return locked;
    const account = await create();
    return (await this.repository.lockAccounts(executor, [account.id])).get(account.id) ?? account;
  }

  /** A transfer posted at once. */
  postTransfer(executor: Executor, input: TransferInput): Promise<LedgerResult> {
    return this.apply(executor, 'single', input);
  }

  /**
   * A transfer posted at once between two accounts the caller's transaction holds already (both in
   * `input.locked`): checked now, and written without waiting for PostgreSQL's answer, so that the caller
   * writes more behind it and reads `written` with those answers (one wait for all, ADR 0014). A refusal
   * writes nothing.
   */
  postLockedTransfer(executor: Executor, input: TransferInput): { result: LedgerResult; written: Promise<void> } {
    return this.write(executor, this.plan('single', input, new Map((input.locked ?? []).map((account) => [account.id, account]))));
  }

  /** First phase of a two-phase transfer: the amount is held (pending) on both accounts. */
  holdTransfer(executor: Executor, input: TransferInput): Promise<LedgerResult> {
    return this.apply(executor, 'pending', input);
  }

  /** Second phase: the held amount is posted. */
  async postPending(executor: Executor, pendingId: string, input: { kind: string; metadata?: Record<string, unknown> }): Promise<LedgerResult> {
    return this.resolve(executor, pendingId, 'post_pending', input);
  }

  /** Second phase: the hold is released, nothing moves. */
  async voidPending(executor: Executor, pendingId: string, input: { kind: string; metadata?: Record<string, unknown> }): Promise<LedgerResult> {
    return this.resolve(executor, pendingId, 'void_pending', input);
  }

  /** A correction: a new transfer in the opposite direction. Posted transfers are never edited. */
  async reverse(executor: Executor, transferId: string, input: { kind: string; metadata?: Record<string, unknown> }): Promise<LedgerResult> {
    // the original stays locked until the caller commits, so two reversals cannot both pass this check
    const original = await this.repository.findTransferForUpdate(executor, transferId);
    if (!original || (original.phase !== 'single' && original.phase !== 'post_pending')) return { ok: false, reason: 'not_reversible' };
    if (await this.repository.findReversal(executor, original.id)) return { ok: false, reason: 'already_reversed' };
    return this.apply(executor, 'single', {
      kind: input.kind,
      debitAccountId: original.creditAccountId,
      creditAccountId: original.debitAccountId,
      amount: original.amount,
      ...(original.referenceType ? { referenceType: original.referenceType } : {}),
      ...(original.referenceId ? { referenceId: original.referenceId } : {}),
      metadata: { ...input.metadata, reverses: original.id },
      reversalOf: original.id,
    });
  }

  private async resolve(executor: Executor, pendingId: string, phase: 'post_pending' | 'void_pending', input: { kind: string; metadata?: Record<string, unknown> }): Promise<LedgerResult> {
    const pending = await this.repository.findTransferForUpdate(executor, pendingId);
    if (!pending || pending.phase !== 'pending') return { ok: false, reason: 'pending_not_found' };
    if (pending.pendingState !== 'open') return { ok: false, reason: 'pending_already_resolved' };
    const result = await this.apply(executor, phase, {
      kind: input.kind,
      debitAccountId: pending.debitAccountId,
      creditAccountId: pending.creditAccountId,
      amount: pending.amount,
      ...(pending.referenceType ? { referenceType: pending.referenceType } : {}),
      ...(pending.referenceId ? { referenceId: pending.referenceId } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      pendingId,
    });
    if (result.ok) await this.repository.setPendingState(executor, pendingId, phase === 'post_pending' ? 'posted' : 'voided');
    return result;
  }

  private async apply(executor: Executor, phase: Phase, input: TransferInput & { pendingId?: string; reversalOf?: string }): Promise<LedgerResult> {
    const locked = new Map((input.locked ?? []).map((account) => [account.id, account]));
    const missing = [input.debitAccountId, input.creditAccountId].filter((id) => !locked.has(id));
    if (missing.length > 0) for (const [id, account] of await this.repository.lockAccounts(executor, missing)) locked.set(id, account);
    const { result, written } = this.write(executor, this.plan(phase, input, locked));
    await written;
    return result;
  }

  /** Writes a planned transfer without waiting for the answer (nothing for a refusal); answers what it posts. */
  private write(executor: Executor, planned: PlannedTransfer | { ok: false; reason: LedgerFailure }): { result: LedgerResult; written: Promise<void> } {
    if (!planned.ok) return { result: planned, written: Promise.resolve() };
    const { entries, ...result } = planned;
    return { result, written: this.repository.writeTransfer(executor, result.transfer, entries, [result.debit, result.credit]) };
  }

  /** The transfer, its entries and the accounts' new totals, or the refusal; nothing is written. */
  private plan(phase: Phase, input: TransferInput & { pendingId?: string; reversalOf?: string }, locked: Map<string, AccountRow>): PlannedTransfer | { ok: false; reason: LedgerFailure } {
    if (!money.isPositive(input.amount)) throw new RangeError('ledger amounts are positive');
    if (input.debitAccountId === input.creditAccountId) throw new RangeError('a transfer needs two accounts');
    const debit = locked.get(input.debitAccountId);
    const credit = locked.get(input.creditAccountId);
    if (!debit || !credit) throw new RangeError('unknown ledger account');

    const change = effects(phase, input.amount);
    const nextDebit: AccountRow = {
      ...debit,
      debitsPosted: money.add(debit.debitsPosted, change.debitPosted),
      debitsPending: money.add(debit.debitsPending, change.debitPending),
    };
    const nextCredit: AccountRow = {
      ...credit,
      creditsPosted: money.add(credit.creditsPosted, change.creditPosted),
      creditsPending: money.add(credit.creditsPending, change.creditPending),
    };
    if (nextDebit.debitsMustNotExceedCredits && money.cmp(money.add(nextDebit.debitsPosted, nextDebit.debitsPending), nextDebit.creditsPosted) > 0) {
      return { ok: false, reason: 'insufficient_funds' };
    }
    if (nextCredit.creditsMustNotExceedDebits && money.cmp(money.add(nextCredit.creditsPosted, nextCredit.creditsPending), nextCredit.debitsPosted) > 0) {
      return { ok: false, reason: 'exceeds_debits' };
    }

    const now = this.clock.now();
    const transfer: TransferRow = {
      id: input.id ?? newId(),
      kind: input.kind,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amount: input.amount,
      currency: debit.currency,
      phase,
      pendingId: input.pendingId ?? null,
      pendingState: phase === 'pending' ? 'open' : null,
      reversalOf: input.reversalOf ?? null,
      referenceType: input.referenceType ?? null,
      referenceId: input.referenceId ?? null,
      metadata: input.metadata ?? {},
      createdAt: now,
    };
    const entries = [
      {
        transferId: transfer.id,
        accountId: debit.id,
        amount: money.neg(change.debitPosted),
        pendingDebitChange: change.debitPending,
        pendingCreditChange: money.zero,
        balanceBefore: balanceOf(debit),
        balanceAfter: balanceOf(nextDebit),
        availableBefore: availableOf(debit),
        availableAfter: availableOf(nextDebit),
        createdAt: now,
      },
      {
        transferId: transfer.id,
        accountId: credit.id,
        amount: change.creditPosted,
        pendingDebitChange: money.zero,
        pendingCreditChange: change.creditPending,
        balanceBefore: balanceOf(credit),
        balanceAfter: balanceOf(nextCredit),
        availableBefore: availableOf(credit),
        availableAfter: availableOf(nextCredit),
        createdAt: now,
      },
    ];
    return { ok: true, transfer, entries, debit: nextDebit, credit: nextCredit };
  }
}
