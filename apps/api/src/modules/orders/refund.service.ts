import { money, tryParseMoney, type Money } from '@caravan/contract/money';
import { REFUND_REASON_CODES } from '@caravan/contract/orders';
import type { Database, Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { PLATFORM_ACCOUNTS } from '../wallet/ledger/chart-of-accounts.ts';
import type { Ledger } from '../wallet/ledger/ledger.ts';
import { completionSplit, type Actor } from './fulfilment.service.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import { orderMachine, refundMachine, REFUNDABLE_ORDER_STATES, type OrderState, type RefundState } from './order-state.ts';
import { escrowAccountCode, type PaymentService } from './payment.service.ts';

// Refunds and returns beside the order (ARCHITECTURE section 6): the buyer asks while the order is paid
// or confirmed (not once shipped), or within the return window after receipt; the platform decides.
// An accepted refund returns the amount from the order's escrow to the buyer's wallet; when it is only
// part of the total, the rest of the escrow is settled as a completion would settle it, in proportion.

export const MAX_REFUND_PICTURES = 9;

export interface RefundRequest {
  reason: string | undefined;
  detail?: string | undefined;
  /** the amount asked back; the whole order when absent */
  amount?: unknown;
  pictures: string[];
}

export interface RefundPorts {
  /** whether the URL is an image this user uploaded (a buyer's evidence is their own) */
  isOwnedImage(url: string, userId: string): Promise<boolean>;
}

/** Parts of `split` in proportion remainder/total, rounded down; the rounding residue goes to goods revenue. */
export function proportionalSplit(split: ReturnType<typeof completionSplit>, remainder: Money, total: Money) {
  const part = (value: Money) => money.round(money.div(money.mulRatio(value, remainder, 'down'), total, 'down'), 2, 'down');
  const fees = part(split.fees);
  const commission = part(split.commission);
  const seller = part(split.seller);
  return { goodsRevenue: money.sub(remainder, money.sum([fees, commission, seller])), fees, commission, seller };
}

export class RefundService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly payments: PaymentService,
    private readonly ledger: Ledger,
    private readonly ports: RefundPorts,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private parseAmount(raw: unknown, order: OrderRow): Money {
    if (raw === undefined || raw === null || raw === '') return order.total;
    const parsed = tryParseMoney(raw, { maxDecimals: 2 });
    if (!parsed.ok || !money.isPositive(parsed.value) || money.cmp(parsed.value, order.total) > 0) throw new AppError('orders.refund_amount_invalid');
    return parsed.value;
  }

  /** Whether the order may be refunded now (independent of who asks). */
  private checkRefundable(order: OrderRow): void {
    const state = order.status as OrderState;
    if (!REFUNDABLE_ORDER_STATES.includes(state)) throw new AppError('orders.refund_not_allowed');
    if (state === 'received' && (!order.returnDeadlineAt || order.returnDeadlineAt < this.clock.now())) throw new AppError('orders.return_window_closed');
  }

  /** order!returns: the buyer asks for a refund (or a return after receipt). */
  async request(buyerId: string, orderId: string, request: RefundRequest): Promise<void> {
    const reason = request.reason?.trim() ?? '';
    if (!(REFUND_REASON_CODES as readonly string[]).includes(reason)) throw new AppError('orders.refund_reason_invalid');
    if (request.pictures.length > MAX_REFUND_PICTURES) throw new AppError('orders.too_many_pictures');
    for (const url of request.pictures) if (!(await this.ports.isOwnedImage(url, buyerId))) throw new AppError('orders.picture_invalid');
    await this.db.transaction(async (tx) => {
      const [order] = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.lockOrders(tx, [orderId]) : [];
      if (!order || order.buyerId !== buyerId) throw new AppError('orders.not_found');
      this.checkRefundable(order);
      const next = refundMachine.next(order.refundState as RefundState, 'request');
      if (!next) throw new AppError('orders.refund_in_progress');
      const amount = this.parseAmount(request.amount, order);
      await this.requestIn(tx, order, { reason, detail: request.detail?.trim() ?? '', amount, pictures: request.pictures }, 'buyer');
    });
  }

  private async requestIn(tx: Transaction, order: OrderRow, refund: { reason: string; detail: string; amount: Money; pictures: string[] }, actorType: 'buyer' | 'operator') {
    const now = this.clock.now();
    await this.repository.updateOrder(tx, order.id, {
      refundState: 'requested',
      refundReason: refund.reason,
      refundRemark: refund.detail,
      refundAmount: refund.amount,
      refundImages: refund.pictures,
      refundRequestedAt: now,
      updatedAt: now,
    });
    await this.repository.insertLog(tx, { orderId: order.id, key: 'timeline.refund_requested', params: { reason: `reason.refund.${refund.reason}` }, actorType, createdAt: now });
  }

  /** The platform accepts a requested refund: the money goes back at once. */
  async approve(orderId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await this.lockedForDecision(tx, orderId);
      await this.refundIn(tx, order, actor);
    });
  }

  /** The platform refuses a requested refund (reason given); the order goes on where it was. */
  async reject(orderId: string, actor: Actor): Promise<void> {
    if (actor.reason.trim().length === 0) throw new AppError('wallet.reason_required');
    await this.db.transaction(async (tx) => {
      const order = await this.lockedForDecision(tx, orderId);
      const now = this.clock.now();
      await this.repository.updateOrder(tx, order.id, { refundState: 'rejected', updatedAt: now });
      await this.repository.insertLog(tx, { orderId: order.id, key: 'timeline.refund_rejected', params: { reason: actor.reason.trim() }, actorType: 'operator', createdAt: now });
      await this.audit.record(tx, { actorType: actor.type, actorId: actor.id, action: 'order.refund_reject', targetType: 'order', targetId: order.id, reason: actor.reason, requestId: actor.requestId ?? null });
    });
  }

  /** The platform refunds on its own initiative (e.g. goods lost), with a reason code and an optional amount. */
  async refundByOperator(orderId: string, input: { reason: string; amount?: unknown }, actor: Actor): Promise<void> {
    if (!(REFUND_REASON_CODES as readonly string[]).includes(input.reason)) throw new AppError('orders.refund_reason_invalid');
    if (actor.reason.trim().length === 0) throw new AppError('wallet.reason_required');
    await this.db.transaction(async (tx) => {
      const [order] = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.lockOrders(tx, [orderId]) : [];
      if (!order) throw new AppError('orders.not_found');
      if (!REFUNDABLE_ORDER_STATES.includes(order.status as OrderState)) throw new AppError('orders.refund_not_allowed');
      if (!refundMachine.next(order.refundState as RefundState, 'request')) throw new AppError('orders.refund_in_progress');
      const amount = this.parseAmount(input.amount, order);
      await this.requestIn(tx, order, { reason: input.reason, detail: actor.reason, amount, pictures: [] }, 'operator');
      const [requested] = await this.repository.lockOrders(tx, [orderId]);
      if (!requested) throw new AppError('orders.not_found');
      await this.refundIn(tx, requested, actor);
    });
  }

  private async lockedForDecision(tx: Transaction, orderId: string): Promise<OrderRow> {
    const [order] = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.lockOrders(tx, [orderId]) : [];
    if (!order) throw new AppError('orders.not_found');
    if (order.refundState !== 'requested') throw new AppError('orders.refund_not_requested');
    return order;
  }

  /** requested -> refunding -> succeeded, with the escrow moves, in one transaction. */
  private async refundIn(tx: Transaction, order: OrderRow, actor: Actor): Promise<void> {
    if (!orderMachine.next(order.status as OrderState, 'refund')) throw new AppError('orders.refund_not_allowed');
    const amount = order.refundAmount ?? order.total;
    const escrow = await this.ledger.namedAccount(tx, escrowAccountCode(order.id), 'order_escrow');
    const buyerWallet = await this.ledger.userWallet(tx, order.buyerId);
    const back = await this.ledger.postTransfer(tx, { kind: 'order_refund', debitAccountId: escrow.id, creditAccountId: buyerWallet.id, amount, referenceType: 'order', referenceId: order.id });
    if (!back.ok) throw new Error(`order ${order.id}: refund refused by the ledger (${back.reason})`);

    // what the buyer keeps paying for is settled like a completion, in proportion
    const remainder = money.sub(order.total, amount);
    if (money.isPositive(remainder)) {
      const split = proportionalSplit(completionSplit(order), remainder, order.total);
      const targets: [Money, string, () => Promise<{ id: string }>][] = [
        [split.goodsRevenue, 'order_goods_revenue', () => this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.goodsRevenue)],
        [split.fees, 'order_fees', () => this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.feesIncome)],
        [split.commission, 'order_commission', () => this.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.commissionIncome)],
        [split.seller, 'order_income', () => this.ledger.userWallet(tx, order.shopId)],
      ];
      for (const [value, kind, account] of targets) {
        if (!money.isPositive(value)) continue;
        const moved = await this.ledger.postTransfer(tx, { kind, debitAccountId: escrow.id, creditAccountId: (await account()).id, amount: value, referenceType: 'order', referenceId: order.id });
        if (!moved.ok) throw new Error(`order ${order.id}: settlement refused by the ledger (${moved.reason})`);
      }
    }

    const now = this.clock.now();
    await this.repository.insertLog(tx, { orderId: order.id, key: 'timeline.refund_approved', params: {}, actorType: actor.type, createdAt: now });
    // the goods of a refund that was not shipped go back on sale
    if (order.status === 'paid' || order.status === 'confirmed') {
      for (const item of await this.repository.itemsOf(tx, [order.id])) await this.repository.releaseStock(tx, item.skuId, item.quantity);
    }
    await this.payments.transition(
      tx,
      order,
      'refund',
      { refundState: 'succeeded', refundedAt: now, shipDeadlineAt: null, autoReviewAt: null, returnDeadlineAt: null },
      { key: 'timeline.refund_succeeded', params: { amount: money.format(amount, { decimals: 2 }) }, actorType: actor.type },
    );
    await this.audit.record(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: 'order.refund',
      targetType: 'order',
      targetId: order.id,
      reason: actor.reason,
      detail: { amount: money.format(amount), transferId: back.transfer.id },
      requestId: actor.requestId ?? null,
    });
  }
}
