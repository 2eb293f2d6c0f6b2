import { money, type Money } from '@caravan/contract/money';
import type { Database, Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import { DAY_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { PLATFORM_ACCOUNTS } from '../wallet/ledger/chart-of-accounts.ts';
import type { Ledger } from '../wallet/ledger/ledger.ts';
import type { SettingsService } from '../content/settings.ts';
import type { SafewordPort } from '../wallet/withdrawal.service.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import { orderMachine, REFUND_BUSY, type OrderState, type RefundState } from './order-state.ts';
import { escrowAccountCode, type PaymentPorts, type PaymentService } from './payment.service.ts';

// After payment: the seller accepts ("push"), the platform warehouse ships (an operator, or the
// deadline), the buyer confirms receipt (or the deadline does), and completion releases the escrow:
// wholesale price and freight to the platform's goods revenue, tax and service fee to fees income,
// the commission on the margin to commission income, the rest of the margin to the seller's wallet.

export interface Actor {
  type: 'operator' | 'system';
  id: string;
  reason: string;
  requestId?: string | undefined;
}

/** How completion divides an order's escrow. */
export function completionSplit(order: Pick<OrderRow, 'goodsAmount' | 'systemAmount' | 'freight' | 'tax' | 'serviceFee' | 'commissionRate'>) {
  // a discount below the wholesale price leaves no margin: the seller never pays for a sale
  const margin = money.max(money.sub(order.goodsAmount, order.systemAmount), money.zero);
  const commission = money.round(money.mulRatio(margin, order.commissionRate), 2);
  return {
    goodsRevenue: money.add(money.sub(order.goodsAmount, margin), order.freight),
    fees: money.add(order.tax, order.serviceFee),
    commission,
    seller: money.sub(margin, commission),
  };
}

export class FulfilmentService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly payments: PaymentService,
    private readonly ledger: Ledger,
    private readonly ports: PaymentPorts,
    private readonly safewords: SafewordPort,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private async locked(tx: Transaction, orderId: string): Promise<OrderRow | undefined> {
    if (!/^[0-9a-f]{32}$/.test(orderId)) return undefined;
    const [order] = await this.repository.lockOrders(tx, [orderId]);
    return order;
  }

  /** orders!push: the seller accepts paid orders ("merchant confirmed, stocking"), all or none. */
  async confirm(sellerId: string, rawIds: string, safeword: string | undefined, meta: { ip?: string; requestId?: string } = {}): Promise<void> {
    const ids = [...new Set(rawIds.split(',').map((id) => id.trim()).filter((id) => id.length > 0))];
    if (ids.length === 0) throw new AppError('orders.id_required');
    if (ids.length > 100 || ids.some((id) => !/^[0-9a-f]{32}$/.test(id))) throw new AppError('orders.not_found');
    await this.safewords.verifySafeword(sellerId, safeword, meta);
    await this.db.transaction(async (tx) => {
      const locked = await this.repository.lockOrders(tx, ids);
      for (const id of ids) {
        const order = locked.find((candidate) => candidate.id === id);
        if (!order || order.shopId !== sellerId) throw new AppError('orders.not_found');
        if (!orderMachine.next(order.status as OrderState, 'confirm') || REFUND_BUSY.includes(order.refundState as RefundState)) throw new AppError('orders.cannot_confirm');
        await this.payments.transition(tx, order, 'confirm', { confirmedAt: this.clock.now() }, { key: 'timeline.confirmed', actorType: 'seller' });
      }
    });
  }

  /** The platform warehouse ships ("system shipped"), by an operator or when the shipping deadline passes. */
  async ship(orderId: string, actor: Actor): Promise<void> {
    const shipped = await this.db.transaction(async (tx) => {
      const order = await this.locked(tx, orderId);
      if (!order) throw new AppError('orders.not_found');
      if (!orderMachine.next(order.status as OrderState, 'ship') || REFUND_BUSY.includes(order.refundState as RefundState)) throw new AppError('orders.cannot_ship');
      return this.shipIn(tx, order, actor);
    });
    if (shipped.autoReceiveAt) this.ports.scheduleDeadline('order.auto_receive', orderId, shipped.autoReceiveAt);
  }

  private async shipIn(tx: Transaction, order: OrderRow, actor: Actor): Promise<{ autoReceiveAt: Date }> {
    const now = this.clock.now();
    const autoReceiveAt = new Date(now.getTime() + this.settings.get('order_auto_receive_days') * DAY_MS);
    await this.payments.transition(tx, order, 'ship', { shippedAt: now, shipDeadlineAt: null, autoReceiveAt }, { key: 'timeline.system_shipped', actorType: actor.type });
    if (actor.type === 'operator') {
      await this.audit.record(tx, { actorType: 'operator', actorId: actor.id, action: 'order.ship', targetType: 'order', targetId: order.id, reason: actor.reason, requestId: actor.requestId ?? null });
    }
    return { autoReceiveAt };
  }

  /** Deadline handler: ships a paid or confirmed order whose shipping deadline passed. Idempotent. */
  async shipIfDue(orderId: string): Promise<boolean> {
    const result = await this.db.transaction(async (tx) => {
      const order = await this.locked(tx, orderId);
      const now = this.clock.now();
      if (!order || !order.shipDeadlineAt || order.shipDeadlineAt > now || !orderMachine.next(order.status as OrderState, 'ship') || REFUND_BUSY.includes(order.refundState as RefundState)) return undefined;
      return this.shipIn(tx, order, { type: 'system', id: 'warehouse', reason: 'shipping deadline' });
    });
    if (result) this.ports.scheduleDeadline('order.auto_receive', orderId, result.autoReceiveAt);
    return result !== undefined;
  }

  /** order!receipt: the buyer confirms receipt. */
  async receive(buyerId: string, orderId: string): Promise<void> {
    const received = await this.db.transaction(async (tx) => {
      const order = await this.locked(tx, orderId);
      if (!order || order.buyerId !== buyerId) throw new AppError('orders.not_found');
      if (!orderMachine.next(order.status as OrderState, 'receive')) throw new AppError('orders.cannot_receive');
      return this.receiveIn(tx, order, { key: 'timeline.received', actorType: 'buyer' });
    });
    this.ports.scheduleDeadline('order.auto_review', orderId, received.autoReviewAt);
  }

  private async receiveIn(tx: Transaction, order: OrderRow, log: { key: string; params?: Record<string, number>; actorType: 'buyer' | 'system' }) {
    const now = this.clock.now();
    const autoReviewAt = new Date(now.getTime() + this.settings.get('order_auto_review_days') * DAY_MS);
    const returnDeadlineAt = new Date(now.getTime() + this.settings.get('order_return_days') * DAY_MS);
    await this.payments.transition(tx, order, 'receive', { receivedAt: now, autoReceiveAt: null, autoReviewAt, returnDeadlineAt }, log);
    return { autoReviewAt };
  }

  /** Deadline handler: a shipped order is received automatically. Idempotent. */
  async receiveIfDue(orderId: string): Promise<boolean> {
    const result = await this.db.transaction(async (tx) => {
      const order = await this.locked(tx, orderId);
      if (!order || order.status !== 'shipped' || !order.autoReceiveAt || order.autoReceiveAt > this.clock.now()) return undefined;
      return this.receiveIn(tx, order, { key: 'timeline.auto_received', params: { days: this.settings.get('order_auto_receive_days') }, actorType: 'system' });
    });
    if (result) this.ports.scheduleDeadline('order.auto_review', orderId, result.autoReviewAt);
    return result !== undefined;
  }

  /**
   * Completes a received order (all goods reviewed, or the default review) and releases its escrow,
   * in the caller's transaction. The order must be locked by the caller.
   */
  async completeIn(tx: Transaction, order: OrderRow): Promise<void> {
    if (!orderMachine.next(order.status as OrderState, 'complete')) throw new AppError('orders.cannot_review');
    const escrow = await this.ledger.namedAccount(tx, escrowAccountCode(order.id), 'order_escrow');
    const split = completionSplit(order);
    // accounts are fetched one at a time: the transaction runs one query at a time
    const moves: [Money, string, () => Promise<{ id: string }>][] = [
      [split.goodsRevenue, 'order_goods_revenue', () => this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.goodsRevenue)],
      [split.fees, 'order_fees', () => this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.feesIncome)],
      [split.commission, 'order_commission', () => this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.commissionIncome)],
      [split.seller, 'order_income', () => this.ledger.userWallet(tx, order.shopId)],
    ];
    for (const [amount, kind, account] of moves) {
      if (!money.isPositive(amount)) continue;
      const moved = await this.ledger.postTransfer(tx, {
        kind,
        debitAccountId: escrow.id,
        creditAccountId: (await account()).id,
        amount,
        referenceType: 'order',
        referenceId: order.id,
      });
      if (!moved.ok) throw new Error(`order ${order.id}: escrow release refused (${moved.reason})`);
    }
    await this.payments.transition(tx, order, 'complete', { completedAt: this.clock.now(), autoReviewAt: null, returnDeadlineAt: null }, { key: 'timeline.completed', actorType: 'system' });
  }
}
