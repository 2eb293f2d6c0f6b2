import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import { DEFAULT_LOCALE, type Locale } from '@caravan/contract/languages';
import { money } from '@caravan/contract/money';
import { resolvePage } from '@caravan/contract/paging';
import type { Database, Executor } from '@caravan/db/client';
import { AppError } from '../../platform/errors.ts';
import type { Translator } from '../../platform/i18n.ts';
import { toOrderGoods, toOrderInfo, toOrderListItem, toOrderLog } from './orders.mapper.ts';
import type { OrderListRow, OrderRow, OrdersRepository } from './orders.repository.ts';
import { statesOfLegacyStatus } from './order-state.ts';

// The read side of orders for buyers (and the order's seller): lists with the legacy tabs, detail,
// goods, counters and the timeline. Every call checks who is asking.

export interface OrderViewer {
  userId: string;
  /** operators see every order */
  operator?: boolean;
}

export interface OrderNamePorts {
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
  shopNames(ids: string[]): Promise<Map<string, string>>;
}

export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly names: OrderNamePorts,
    private readonly translator: Translator,
    private readonly timeZone: string,
  ) {}

  /** Orders placed and paid in [from, to), the paid value (GMV, exact), and refunds waiting for a decision. */
  async consoleFigures(from: Date, to: Date) {
    const figures = await this.repository.consoleFigures(this.db, from, to);
    return { ...figures, gmv: money.format(money.fromDb(figures.gmv), { decimals: 2 }) };
  }

  /** The order when the viewer is its buyer, its seller or an operator; otherwise it does not exist. */
  async visible(orderId: string, viewer: OrderViewer): Promise<OrderRow> {
    const order = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.findOrder(this.db, orderId) : undefined;
    if (!order || !(viewer.operator || order.buyerId === viewer.userId || order.shopId === viewer.userId)) throw new AppError('orders.not_found');
    return order;
  }

  private async namesOf(orders: OrderRow[]) {
    const [users, shops] = await Promise.all([
      this.names.usernames([...new Set(orders.map((order) => order.buyerId))]),
      this.names.shopNames([...new Set(orders.map((order) => order.shopId))]),
    ]);
    return (order: OrderRow) => ({ buyer: users.get(order.buyerId)?.username ?? '', shop: shops.get(order.shopId) ?? '' });
  }

  /** The buyer's list (order!listMain); `buyer` is the signed-in buyer (their name is on every line). */
  async listMain(buyer: { id: string; username: string }, input: { status?: number | undefined; pageNum?: number | undefined; pageSize?: number | undefined }, locale: Locale) {
    const page = resolvePage(input.pageNum, input.pageSize);
    const filter = {
      buyerId: buyer.id,
      ...(input.status === 6 ? { refundsOnly: true } : input.status !== undefined ? { states: statesOfLegacyStatus(input.status) } : {}),
    };
    const { rows, total } = await this.repository.listForBuyer(this.db, { ...filter, limit: page.pageSize, offset: page.offset, locale });
    const shops = rows.length > 0 ? await this.names.shopNames(rows.map((order) => order.shopId)) : new Map<string, string>();
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: rows.map((order) => toOrderListItem(order, { buyer: buyer.username, shop: shops.get(order.shopId) ?? '' }, this.timeZone)),
    };
  }

  /** The buyer's newest orders as their list reads them (the context beside a customer-service chat). */
  async recentForBuyer(buyerId: string, limit: number): Promise<OrderListRow[]> {
    return (await this.repository.listForBuyer(this.db, { buyerId, limit, offset: 0, locale: DEFAULT_LOCALE })).rows;
  }

  async info(orderId: string, viewer: OrderViewer) {
    const order = await this.visible(orderId, viewer);
    const nameOf = await this.namesOf([order]);
    return { orderInfo: toOrderInfo(order, nameOf(order), this.timeZone) };
  }

  async goods(orderId: string, viewer: OrderViewer, input: { pageNum?: number | undefined; pageSize?: number | undefined }, locale: Locale) {
    const order = await this.visible(orderId, viewer);
    const page = resolvePage(input.pageNum, input.pageSize);
    const items = await this.repository.itemsOf(this.db, [order.id]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: items.length },
      pageList: items.slice(page.offset, page.offset + page.pageSize).map((item) => toOrderGoods(item, locale)),
    };
  }

  async counts(buyerId: string) {
    const { byState, refunds } = await this.repository.countsByState(this.db, buyerId);
    const of = (...states: string[]) => String(states.reduce((sum, state) => sum + (byState.get(state) ?? 0), 0));
    return {
      waitPayCount: of('pending_payment'),
      waitDeliverCount: of('paid', 'confirmed'),
      waitReceiptCount: of('shipped'),
      waitEvaluateCount: of('received'),
      refundCount: String(refunds),
    };
  }

  /**
   * The buyer's veto on cancelling the account (user!logoff): an open refund or return, then any order
   * paid but not finished, each with its own message.
   */
  async cancellationVeto(executor: Executor, buyerId: string): Promise<ErrorKey | undefined> {
    const open = await this.repository.openForBuyer(executor, buyerId);
    if (open.refund) return 'accounts.logoff_open_refund';
    if (open.unfinished) return 'accounts.logoff_unfinished_order';
    return undefined;
  }

  /** Customer service linked a chat conversation to the order: its timeline says so (orderLog!list, console detail). */
  async noteConversation(executor: Executor, orderId: string, at: Date): Promise<void> {
    await this.repository.insertLog(executor, { orderId, key: 'timeline.chat_linked', params: {}, actorType: 'operator', createdAt: at });
  }

  /** The timeline, oldest first, each entry in the viewer's language. */
  async timeline(orderId: string, viewer: OrderViewer, locale: Locale) {
    const order = await this.visible(orderId, viewer);
    const logs = await this.repository.logsOf(this.db, order.id);
    return logs.map((log) => toOrderLog(log, this.translator, locale, this.timeZone));
  }
}
