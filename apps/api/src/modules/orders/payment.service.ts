import { CANCEL_REASON_CODES } from '@caravan/contract/orders';
import { money } from '@caravan/contract/money';
import { answersInOrder, lastStatement, settledOnThrow, type Database, type Transaction } from '@caravan/db/client';
import { HOUR_MS, type Clock } from '../../platform/clock.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import type { IdempotencyStore } from '../../platform/idempotency.ts';
import type { Ledger, LedgerResult } from '../wallet/ledger/ledger.ts';
import { safewordFirst, type SafewordInPort } from '../wallet/withdrawal.service.ts';
import type { SettingsService } from '../content/settings.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import { orderMachine, type OrderEvent, type OrderState } from './order-state.ts';

// Paying, cancelling and reminding (buyer side). Payment moves the buyer's money into the order's own
// escrow account in the ledger; several orders are paid all or nothing.

export const MAX_ORDERS_PER_PAYMENT = 50;
const ID_PATTERN = /^[0-9a-f]{32}$/;

export function escrowAccountCode(orderId: string): string {
  return `order:${orderId}:escrow`;
}

/** A wrong fund password found with the payment's locks already written: rolled back, then counted alone. */
class WrongGuess extends Error {
  constructor(readonly refusal: AppError) {
    super('wrong fund password');
  }
}

export interface PaymentPorts {
  scheduleDeadline(kind: string, id: string, at: Date): void;
}

export class PaymentService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly ledger: Ledger,
    private readonly safewords: SafewordInPort,
    private readonly idempotency: IdempotencyStore,
    private readonly ports: PaymentPorts,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** The order if it exists and is the buyer's; another buyer's order does not exist for them. */
  private owned(order: OrderRow | undefined, buyerId: string): OrderRow {
    if (!order || order.buyerId !== buyerId) throw new AppError('orders.not_found');
    return order;
  }

  /**
   * Moves an order to the next state of `event` and writes its timeline entry, in the caller's transaction;
   * `soldFor`: orders whose purchases are added to their listings' sold counts in the same statement.
   */
  async transition(
    tx: Transaction,
    order: OrderRow,
    event: OrderEvent,
    changes: Partial<OrderRow>,
    log: { key: string; params?: Record<string, string | number>; actorType: 'buyer' | 'seller' | 'operator' | 'system' },
    soldFor: string[] = [],
  ): Promise<OrderState> {
    const next = orderMachine.next(order.status as OrderState, event);
    if (!next) throw new Error(`order ${order.id}: ${event} from ${order.status} is not a transition`);
    const now = this.clock.now();
    await this.repository.changeOrder(tx, order.id, { ...changes, status: next, updatedAt: now }, { orderId: order.id, key: log.key, params: log.params ?? {}, actorType: log.actorType, createdAt: now }, soldFor);
    return next;
  }

  /** order!pay: one id or several joined by commas; fund password; all or nothing. */
  async pay(buyerId: string, rawIds: string, safeword: string | undefined, meta: { ip?: string; requestId?: string; idempotencyKey?: string | undefined } = {}): Promise<string[]> {
    const ids = [...new Set(rawIds.split(',').map((id) => id.trim()).filter((id) => id.length > 0))];
    if (ids.length === 0) throw new AppError('orders.id_required');
    if (ids.length > MAX_ORDERS_PER_PAYMENT || ids.some((id) => !ID_PATTERN.test(id))) throw new AppError('orders.not_found');
    const requestMeta = { ...(meta.ip ? { ip: meta.ip } : {}), ...(meta.requestId ? { requestId: meta.requestId } : {}) };
    // the ship deadlines this call armed, once its transaction committed; a replay armed none
    let armed: Date | undefined;
    const work = async (tx: Transaction, checked?: Promise<void>) => {
      const shipDeadlineAt = await this.payIn(tx, buyerId, ids, checked);
      armed = shipDeadlineAt;
      return ids;
    };
    let paid: string[];
    if (meta.idempotencyKey) {
      // the fund password in the payment's transaction, behind the key's claim: a wrong guess is counted and
      // does not use up the key (IdempotencyStore.runChecked)
      paid = await this.idempotency.runChecked(
        { key: `pay:${buyerId}:${meta.idempotencyKey}`, userId: buyerId, payload: { ids: [...ids].sort() }, outcome: ids },
        (tx) => safewordFirst(this.safewords, tx, buyerId, safeword, requestMeta),
        (tx) => work(tx),
      );
    } else {
      paid = await this.payChecked(buyerId, safeword, requestMeta, work);
    }
    if (armed) {
      for (const id of ids) this.ports.scheduleDeadline('order.auto_ship', id, armed);
    } else {
      // a replay: the deadlines are scheduled again from the orders as they are now (the first call may
      // have stopped between its commit and its scheduling)
      const orders = await Promise.all(ids.map((id) => this.repository.findOrder(this.db, id)));
      for (const order of orders) if (order?.shipDeadlineAt && order.status === 'paid') this.ports.scheduleDeadline('order.auto_ship', order.id, order.shipDeadlineAt);
    }
    return paid;
  }

  /**
   * The fund password and the payment in one transaction (ADR 0014: two statements fewer than a check
   * committed on its own). The payment's locks are written behind the check's statements without waiting
   * for its verdict: one wait for both. A wrong guess rolls them back and is then counted in a transaction
   * of its own, which throws the refusal; a refused payment rolls everything back, and if the right guess
   * had reset earlier failures, the check runs again on its own so that the reset is kept.
   */
  private async payChecked(
    buyerId: string,
    safeword: string | undefined,
    meta: { ip?: string; requestId?: string },
    work: (tx: Transaction, checked: Promise<void>) => Promise<string[]>,
    again = false,
  ): Promise<string[]> {
    // what keeps a right guess's reset of earlier failures when the payment is then refused (safewordFirst)
    let afterRollback: (() => Promise<void>) | undefined;
    try {
      return await this.db.transaction(async (tx) => {
        const checked = safewordFirst(this.safewords, tx, buyerId, safeword, meta).then((check) => {
          if ('refused' in check) throw new WrongGuess(check.refused);
          afterRollback = check.afterRollback;
        });
        // awaited by the work with its first answers; this only keeps an early failure of the work from
        // leaving it unheard
        checked.catch(() => undefined);
        return work(tx, checked);
      });
    } catch (error) {
      if (error instanceof WrongGuess) {
        // counted now, on its own: this check throws the refusal. Passed this time (the fund password was
        // changed meanwhile), the payment runs again, once
        await this.safewords.verifySafeword(buyerId, safeword, meta);
        if (!again) return this.payChecked(buyerId, safeword, meta, work, true);
        throw error.refusal;
      }
      if (isAppError(error)) await afterRollback?.();
      throw error;
    }
  }

  /** Pays the orders in the caller's transaction; answers their ship deadline. */
  private async payIn(tx: Transaction, buyerId: string, ids: string[], checked: Promise<void> = Promise.resolve()): Promise<Date> {
    // the orders, then the buyer's wallet, then each order's escrow account, all written at once and behind
    // the fund password's check if it is still unanswered: one wait (the connection is pipelined, packages/db
    // client.ts); the check's refusal comes first, and any refusal rolls them back
    const [, locked, lockedWallet, escrows] = await answersInOrder([
      checked,
      this.repository.lockOrders(tx, ids),
      this.ledger.lockWallet(tx, buyerId),
      Promise.all(ids.map((id) => this.ledger.freshAccount(tx, escrowAccountCode(id), 'order_escrow'))),
    ]);
    const now = this.clock.now();
    const orders = ids.map((id) => this.owned(locked.find((order) => order.id === id), buyerId));
    for (const order of orders) {
      if (order.status !== 'pending_payment' || (order.payDeadlineAt && order.payDeadlineAt <= now)) throw new AppError('orders.not_payable');
    }
    const shipDeadlineAt = new Date(now.getTime() + this.settings.get('order_auto_ship_hours') * HOUR_MS);
    // every order's transfer and new state written at once, the commit behind the last: one wait (ADR 0014).
    // Each transfer is checked before it is written, against the wallet row as this transaction holds it
    // (carried from one order's transfer to the next); a refusal writes nothing more and rolls back what
    // was, whose answers are read first (a failure nobody waits for would end the process)
    const written: Promise<unknown>[] = [];
    await settledOnThrow(written, async () => {
      let wallet = lockedWallet;
      for (const [index, order] of orders.entries()) {
        const escrow = escrows[index]!;
        const transfer = { kind: 'order_payment', debitAccountId: wallet.id, creditAccountId: escrow.account.id, amount: order.total, referenceType: 'order', referenceId: order.id };
        let moved: LedgerResult;
        if (escrow.created) {
          const posted = this.ledger.postLockedTransfer(tx, { ...transfer, locked: [wallet, escrow.account] });
          written.push(posted.written);
          moved = posted.result;
        } else {
          // an escrow account that was there already is locked by the transfer first: its answer is awaited
          moved = await this.ledger.postTransfer(tx, { ...transfer, locked: [wallet] });
        }
        // rolls back every order of this payment
        if (!moved.ok) throw new AppError('wallet.balance_insufficient');
        wallet = moved.debit;
        // the order's new state and its timeline entry in one statement, with the last order the sold
        // counts of all (one update of the listings, locked as one statement locks them)
        const last = index === orders.length - 1;
        const paid = () =>
          this.transition(
            tx,
            order,
            'pay',
            { paidAt: now, paymentTransferId: moved.transfer.id, payDeadlineAt: null, shipDeadlineAt },
            { key: 'timeline.paid', params: { amount: money.format(order.total) }, actorType: 'buyer' },
            last ? ids : [],
          );
        // the payment's last statement: its commit is written behind it (both callers write nothing after)
        written.push(last ? lastStatement(tx, paid) : paid());
      }
    });
    await answersInOrder(written);
    return shipDeadlineAt;
  }

  /** order!cancel: only before payment, with one of the 5 reasons; the stock returns. */
  async cancel(buyerId: string, orderId: string, reason: string | undefined): Promise<void> {
    const code = reason?.trim() ?? '';
    if (!(CANCEL_REASON_CODES as readonly string[]).includes(code)) throw new AppError('orders.cancel_reason_invalid');
    await this.db.transaction(async (tx) => {
      const [locked] = await this.repository.lockOrders(tx, [orderId]);
      const order = this.owned(locked, buyerId);
      if (!orderMachine.next(order.status as OrderState, 'cancel')) throw new AppError('orders.cannot_cancel');
      await this.cancelIn(tx, order, { cancelReason: code, cancelledBy: 'buyer' }, { key: 'timeline.cancelled', params: { reason: `reason.cancel.${code}` }, actorType: 'buyer' });
    });
  }

  private async cancelIn(tx: Transaction, order: OrderRow, changes: { cancelReason: string; cancelledBy: string }, log: { key: string; params?: Record<string, string | number>; actorType: 'buyer' | 'system' }) {
    for (const item of await this.repository.itemsOf(tx, [order.id])) await this.repository.releaseStock(tx, item.skuId, item.quantity);
    await this.transition(tx, order, 'cancel', { ...changes, cancelledAt: this.clock.now(), payDeadlineAt: null }, log);
  }

  /** The payment deadline passed: cancel and release the stock. Idempotent (the scheduler may repeat it). */
  async cancelIfUnpaid(orderId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [order] = await this.repository.lockOrders(tx, [orderId]);
      if (!order || order.status !== 'pending_payment' || !order.payDeadlineAt || order.payDeadlineAt > this.clock.now()) return false;
      await this.cancelIn(tx, order, { cancelReason: 'timeout', cancelledBy: 'timeout' }, { key: 'timeline.cancelled_timeout', actorType: 'system' });
      return true;
    });
  }

  /** Orders whose payment deadline passed (for the sweep). */
  duePayments(now: Date, limit: number): Promise<string[]> {
    return this.repository.due(this.db, 'pay', now, limit);
  }

  /** Remind the seller to ship: once per order, while it waits for shipping. */
  async remind(buyerId: string, orderId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [locked] = await this.repository.lockOrders(tx, [orderId]);
      const order = this.owned(locked, buyerId);
      if (order.status !== 'paid' && order.status !== 'confirmed') throw new AppError('orders.cannot_remind');
      if (order.remindedAt) throw new AppError('orders.already_reminded');
      const now = this.clock.now();
      await this.repository.updateOrder(tx, order.id, { remindedAt: now, updatedAt: now });
      await this.repository.insertLog(tx, { orderId: order.id, key: 'timeline.reminded', params: {}, actorType: 'buyer', createdAt: now });
    });
  }
}
