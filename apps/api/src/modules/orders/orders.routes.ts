import { consoleOrder, consoleOrderDetail, consolePage, decisionBody, idParams, manualRefundBody, orderQuery, rejectBody, shipBody } from '@caravan/contract/console';
import { DEFAULT_LOCALE, findLocale, type Locale } from '@caravan/contract/languages';
import { money } from '@caravan/contract/money';
import type { Database } from '@caravan/db/client';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageTotal } from '../../platform/capped-count.ts';
import type { Translator } from '../../platform/i18n.ts';
import { localized } from '../catalog/localized.ts';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import { ROLE_PERMISSIONS, type OperatorIdentity } from '../operators/operators.service.ts';
import type { LedgerRepository } from '../wallet/ledger/ledger.repository.ts';
import type { Actor, FulfilmentService } from './fulfilment.service.ts';
import { operatorActions, type OrderState, type RefundState } from './order-state.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { OrderNamePorts, OrdersService } from './orders.service.ts';
import type { RefundService } from './refund.service.ts';

// Console routes of orders: search, detail with timeline and ledger transfers, system shipping,
// refund decisions and manual refunds. Rules live in the services.

export interface OrderRouteDeps {
  db: Database;
  repository: OrdersRepository;
  ledgerRepository: LedgerRepository;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  refunds: RefundService;
  names: OrderNamePorts;
  translator: Translator;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const exact = (value: ReturnType<typeof money.fromDb>) => money.format(value);

function localeOf(request: FastifyRequest): Locale {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return (typeof lang === 'string' ? findLocale(lang) : undefined) ?? DEFAULT_LOCALE;
}

function actorOf(operator: OperatorIdentity, reason: string | undefined, requestId: string, fallback: string): Actor {
  return { type: 'operator', id: operator.id, reason: reason?.trim() || fallback, requestId };
}

/** The order's possible operator actions, narrowed to what the operator's role may do. */
function actionsFor(operator: OperatorIdentity, order: OrderRow) {
  const possible = operatorActions(order.status as OrderState, order.refundState as RefundState);
  const may = ROLE_PERMISSIONS[operator.role];
  return {
    ship: possible.ship && may.has('orders.ship'),
    approveRefund: possible.approveRefund && may.has('orders.refund'),
    rejectRefund: possible.rejectRefund && may.has('orders.refund'),
    manualRefund: possible.manualRefund && may.has('orders.refund'),
  };
}

export function ordersConsoleRoutes(deps: OrderRouteDeps): ConsoleRoutes {
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const tags = ['console orders'];

  const summaries = async (rows: OrderRow[]) => {
    const [users, shops] = await Promise.all([deps.names.usernames([...new Set(rows.map((row) => row.buyerId))]), deps.names.shopNames([...new Set(rows.map((row) => row.shopId))])]);
    return rows.map((row) => ({
      id: row.id,
      buyerId: row.buyerId,
      buyerName: users.get(row.buyerId)?.username ?? '',
      shopId: row.shopId,
      shopName: shops.get(row.shopId) ?? '',
      status: row.status,
      refundState: row.refundState,
      goodsCount: row.goodsCount,
      total: exact(row.total),
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
      refundAmount: row.refundAmount ? exact(row.refundAmount) : null,
      refundReason: row.refundReason,
    }));
  };

  const detail = async (orderId: string, operator: OperatorIdentity, locale: Locale) => {
    const order = await deps.orders.visible(orderId, { userId: operator.id, operator: true });
    const [[summary], items, timeline, transfers] = await Promise.all([
      summaries([order]),
      deps.repository.itemsOf(deps.db, [order.id]),
      deps.orders.timeline(order.id, { userId: operator.id, operator: true }, locale),
      deps.ledgerRepository.transfersByReference(deps.db, 'order', order.id),
    ]);
    const logs = await deps.repository.logsOf(deps.db, order.id);
    return {
      ...(summary as NonNullable<typeof summary>),
      address: { contacts: order.contacts, phone: order.phone, email: order.email, country: order.country, province: order.province, city: order.city, postcode: order.postcode, address: order.address },
      amounts: {
        goods: exact(order.goodsAmount),
        original: exact(order.originalAmount),
        system: exact(order.systemAmount),
        profit: exact(order.profit),
        freight: exact(order.freight),
        tax: exact(order.tax),
        serviceFee: exact(order.serviceFee),
        total: exact(order.total),
        commissionRate: exact(order.commissionRate),
      },
      items: items.map((item) => ({
        id: item.id,
        sellerGoodsId: item.sellerGoodsId,
        skuId: item.skuId,
        name: localized(item.names, locale),
        attributes: localized(item.attributes, locale),
        quantity: item.quantity,
        unitPrice: exact(item.unitPrice),
        lineAmount: exact(item.lineAmount),
        reviewed: item.reviewedAt !== null,
      })),
      timeline: timeline.map((entry, index) => ({ key: entry.key, text: entry.log, actorType: logs[index]?.actorType ?? '', at: logs[index]?.createdAt.toISOString() ?? '' })),
      transfers: transfers.map((transfer) => ({ id: transfer.id, kind: transfer.kind, amount: exact(transfer.amount), debitAccountId: transfer.debitAccountId, creditAccountId: transfer.creditAccountId, at: transfer.createdAt.toISOString() })),
      refund: { remark: order.refundRemark ?? '', pictures: order.refundImages ?? [], requestedAt: iso(order.refundRequestedAt), refundedAt: iso(order.refundedAt) },
      deadlines: { pay: iso(order.payDeadlineAt), ship: iso(order.shipDeadlineAt), receive: iso(order.autoReceiveAt), review: iso(order.autoReviewAt), returnBy: iso(order.returnDeadlineAt) },
      actions: actionsFor(operator, order),
    };
  };

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/orders',
      { schema: { summary: 'Order search (number, status, refund state, buyer, shop, placed between), newest first.', tags, querystring: orderQuery, response: { 200: consolePage(consoleOrder), ...errors } }, preHandler: auth.require('orders.read') },
      async (request) => {
        const { page, pageSize, from, to, ...filter } = request.query;
        const range = { from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
        const { rows, counted } = await deps.repository.search(deps.db, { ...filter, ...range, limit: pageSize, offset: (page - 1) * pageSize });
        return { items: await summaries(rows), ...pageTotal(counted), page, pageSize };
      },
    );
    typed.get(
      '/orders/:id',
      { schema: { summary: 'An order with its goods, timeline, ledger transfers, refund and deadlines.', tags, params: idParams, response: { 200: consoleOrderDetail, ...errors } }, preHandler: auth.require('orders.read') },
      async (request) => detail(request.params.id, auth.operator(request), localeOf(request)),
    );
    typed.post(
      '/orders/:id/ship',
      { schema: { summary: 'Ship from the platform warehouse ("system shipped").', tags, params: idParams, body: shipBody, response: { 200: consoleOrderDetail, ...errors } }, preHandler: auth.require('orders.ship') },
      async (request) => {
        const operator = auth.operator(request);
        await deps.fulfilment.ship(request.params.id, actorOf(operator, request.body.reason, request.id, 'shipped from the warehouse'));
        return detail(request.params.id, operator, localeOf(request));
      },
    );
    typed.post(
      '/orders/:id/refund/approve',
      { schema: { summary: 'Accept a requested refund: the amount goes back to the buyer at once.', tags, params: idParams, body: decisionBody, response: { 200: consoleOrderDetail, ...errors } }, preHandler: auth.require('orders.refund') },
      async (request) => {
        const operator = auth.operator(request);
        await deps.refunds.approve(request.params.id, actorOf(operator, request.body.reason, request.id, 'refund accepted'));
        return detail(request.params.id, operator, localeOf(request));
      },
    );
    typed.post(
      '/orders/:id/refund/reject',
      { schema: { summary: 'Refuse a requested refund (reason required).', tags, params: idParams, body: rejectBody, response: { 200: consoleOrderDetail, ...errors } }, preHandler: auth.require('orders.refund') },
      async (request) => {
        const operator = auth.operator(request);
        await deps.refunds.reject(request.params.id, { type: 'operator', id: operator.id, reason: request.body.reason, requestId: request.id });
        return detail(request.params.id, operator, localeOf(request));
      },
    );
    typed.post(
      '/orders/:id/refund',
      { schema: { summary: 'Refund on the platform\'s initiative (reason code 1..9, optional amount, reason).', tags, params: idParams, body: manualRefundBody, response: { 200: consoleOrderDetail, ...errors } }, preHandler: auth.require('orders.refund') },
      async (request) => {
        const operator = auth.operator(request);
        await deps.refunds.refundByOperator(request.params.id, { reason: request.body.reasonCode, amount: request.body.amount }, { type: 'operator', id: operator.id, reason: request.body.reason, requestId: request.id });
        return detail(request.params.id, operator, localeOf(request));
      },
    );
  };
}
