import { money } from '@caravan/contract/money';
import { resolvePage } from '@caravan/contract/paging';
import type { Database } from '@caravan/db/client';
import { DAY_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { formatLegacyDateTime, parseLegacyDateTime } from '../../platform/time-zone.ts';
import { amount } from './orders.mapper.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { OrderNamePorts } from './orders.service.ts';
import { legacyRefundStatus, legacyStatus, REFUND_STATES, statesOfLegacyStatus, type OrderState, type RefundState } from './order-state.ts';

// The seller panel's view of its shop's orders (/wap/seller/orders!*): only its own orders, with the
// margin it earns; addresses are the buyer's delivery address (the platform warehouse ships).

export class SellerOrdersService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly names: OrderNamePorts,
    private readonly timeZone: string,
  ) {}

  private date(text: string | undefined, endOfDay: boolean): Date | undefined {
    if (!text) return undefined;
    const parsed = parseLegacyDateTime(this.timeZone, text);
    if (!parsed) throw new AppError('common.param_invalid', { field: endOfDay ? 'end' : 'begin' });
    // a bare date as the end means "through that day"
    return endOfDay && text.trim().length === 10 ? new Date(parsed.getTime() + DAY_MS) : parsed;
  }

  async list(
    shopId: string,
    input: { status?: number | undefined; orderId?: string | undefined; payStatus?: number | undefined; purchStatus?: number | undefined; begin?: string | undefined; end?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined },
  ) {
    const page = resolvePage(input.pageNum, input.pageSize, 10);
    const filter = {
      shopId,
      states: input.status === undefined ? undefined : statesOfLegacyStatus(input.status),
      orderId: input.orderId?.trim() || undefined,
      paid: input.payStatus === undefined ? undefined : input.payStatus === 1,
      confirmed: input.purchStatus === undefined ? undefined : input.purchStatus === 1,
      from: this.date(input.begin, false),
      to: this.date(input.end, true),
    };
    const [rows, total] = await Promise.all([
      this.repository.pageForShop(this.db, { ...filter, limit: page.pageSize, offset: page.offset }),
      this.repository.countForShop(this.db, filter),
    ]);
    const users = await this.names.usernames([...new Set(rows.map((row) => row.buyerId))]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: rows.map((row) => ({
        id: row.id,
        contacts: row.contacts,
        prizeReal: amount(row.goodsAmount),
        profit: amount(row.profit),
        purchStatus: row.confirmedAt ? 1 : 0,
        payStatus: row.paidAt ? 1 : 0,
        status: legacyStatus(row.status as OrderState),
        createTime: formatLegacyDateTime(this.timeZone, row.createdAt),
        purchTime: formatLegacyDateTime(this.timeZone, row.confirmedAt),
        partyId: row.buyerId,
        username: users.get(row.buyerId)?.username ?? '',
        totalCost: amount(row.systemAmount),
        reminded: row.remindedAt ? 1 : 0,
      })),
    };
  }

  async details(shopId: string, orderId: string) {
    const order = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.findOrder(this.db, orderId) : undefined;
    if (!order || order.shopId !== shopId) throw new AppError('orders.not_found');
    const users = await this.names.usernames([order.buyerId]);
    return this.toDetails(order, users.get(order.buyerId)?.username ?? '');
  }

  private toDetails(order: OrderRow, username: string) {
    return {
      id: order.id,
      createTime: formatLegacyDateTime(this.timeZone, order.createdAt),
      pushTime: formatLegacyDateTime(this.timeZone, order.confirmedAt),
      returnPrice: amount(order.refundState === 'succeeded' ? (order.refundAmount ?? money.zero) : money.zero),
      status: order.paidAt ? 1 : 0,
      orderStatus: legacyStatus(order.status as OrderState),
      systemPrice: amount(order.systemAmount),
      prizeReal: amount(order.goodsAmount),
      profit: amount(order.profit),
      address: order.address,
      contacts: order.contacts,
      email: order.email,
      phone: order.phone,
      country: order.country,
      province: order.province,
      city: order.city,
      postcode: order.postcode,
      partyId: order.buyerId,
      username,
    };
  }

  /** orders!list-returns: the shop's orders with a refund or return, newest first. */
  async listReturns(shopId: string, input: { returnStatus?: number | undefined; begin?: string | undefined; end?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined }) {
    const page = resolvePage(input.pageNum, input.pageSize, 10);
    const state = input.returnStatus === undefined ? undefined : REFUND_STATES[input.returnStatus];
    const filter = { shopId, refunds: { states: state ? [state] : undefined }, from: this.date(input.begin, false), to: this.date(input.end, true) };
    const [rows, total] = await Promise.all([
      this.repository.pageForShop(this.db, { ...filter, limit: page.pageSize, offset: page.offset }),
      this.repository.countForShop(this.db, filter),
    ]);
    const users = await this.names.usernames([...new Set(rows.map((row) => row.buyerId))]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: rows.map((row) => this.toReturn(row, users.get(row.buyerId)?.username ?? '')),
    };
  }

  async detailsReturn(shopId: string, orderId: string) {
    const order = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.findOrder(this.db, orderId) : undefined;
    if (!order || order.shopId !== shopId || order.refundState === 'none') throw new AppError('orders.not_found');
    const users = await this.names.usernames([order.buyerId]);
    return this.toReturn(order, users.get(order.buyerId)?.username ?? '');
  }

  private toReturn(order: OrderRow, username: string) {
    return {
      id: order.id,
      createTime: formatLegacyDateTime(this.timeZone, order.refundRequestedAt ?? order.createdAt),
      refundTime: formatLegacyDateTime(this.timeZone, order.refundedAt),
      returnPrice: amount(order.refundAmount ?? money.zero),
      returnStatus: legacyRefundStatus(order.refundState as RefundState),
      returnReason: order.refundReason ?? '',
      returnDetail: order.refundRemark ?? '',
      partyId: order.buyerId,
      username,
    };
  }

  /** Paid orders the seller has not accepted yet. */
  async noPushNum(shopId: string): Promise<{ noPushNum: number; remindNum: number }> {
    const [noPushNum, remindNum] = await Promise.all([
      this.repository.countForShop(this.db, { shopId, states: ['paid'] }),
      this.repository.countForShop(this.db, { shopId, states: ['paid', 'confirmed'], reminded: true }),
    ]);
    return { noPushNum, remindNum };
  }
}

