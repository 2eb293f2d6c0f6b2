import type { Locale } from '@caravan/contract/languages';
import { money, type Money } from '@caravan/contract/money';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { Translator } from '../../platform/i18n.ts';
import { localized } from '../catalog/localized.ts';
import type { OrderItemRow, OrderListRow, OrderLogRow, OrderRow } from './orders.repository.ts';
import { legacyRefundStatus, legacyStatus, type OrderState, type RefundState } from './order-state.ts';

/** Order amounts on the wire: 2 decimals. */
export function amount(value: Money): string {
  return money.format(value, { decimals: 2 });
}

export interface Names {
  buyer: string;
  shop: string;
}

/** What a placed order's summary shows (order!submit answers it without reading the orders back). */
export type OrderSummarySource = Pick<OrderRow, 'id' | 'shopId' | 'status' | 'goodsCount' | 'goodsAmount' | 'freight' | 'tax' | 'serviceFee' | 'total' | 'payDeadlineAt'>;

export function toOrderSummary(order: OrderSummarySource, shopName: string) {
  return {
    id: order.id,
    sellerId: order.shopId,
    sellerName: shopName,
    goodsCount: order.goodsCount,
    prizeReal: amount(order.goodsAmount),
    fees: amount(order.freight),
    tax: amount(order.tax),
    serviceFee: amount(order.serviceFee),
    totalPrice: amount(order.total),
    status: legacyStatus(order.status as OrderState),
  };
}

export function toOrderListItem(order: OrderListRow, names: Names, timeZone: string) {
  return {
    partyId: order.buyerId,
    username: names.buyer,
    id: order.id,
    status: legacyStatus(order.status as OrderState),
    goodsCount: order.goodsCount,
    priceCount: amount(order.total),
    goodsFrom: names.shop,
    sellerId: order.shopId,
    returnStatus: legacyRefundStatus(order.refundState as RefundState),
    fees: amount(order.freight),
    tax: amount(order.tax),
    sellerStatus: order.confirmed ? 1 : 0,
    createTime: formatLegacyDateTime(timeZone, order.createdAt),
    firstGoodsName: order.firstItemName,
    firstGoodsIcon: order.firstItemImage,
  };
}

export function toOrderInfo(order: OrderRow, names: Names, timeZone: string) {
  const time = (at: Date | null) => (at ? formatLegacyDateTime(timeZone, at) : '');
  return {
    id: order.id,
    createTime: time(order.createdAt),
    status: legacyStatus(order.status as OrderState),
    pushTime: time(order.confirmedAt),
    payTime: time(order.paidAt),
    partyId: order.buyerId,
    username: names.buyer,
    sellerId: order.shopId,
    sellerName: names.shop,
    phone: order.phone,
    email: order.email,
    contacts: order.contacts,
    postcode: order.postcode,
    country: order.country,
    province: order.province,
    city: order.city,
    address: order.address,
    payStatus: order.paidAt ? 1 : 0,
    prizeReal: amount(order.goodsAmount),
    prizeOriginal: amount(order.originalAmount),
    systemPrice: amount(order.systemAmount),
    profit: amount(order.profit),
    fees: amount(order.freight),
    tax: amount(order.tax),
    serviceFee: amount(order.serviceFee),
    totalPrice: amount(order.total),
    discount: amount(money.sub(order.originalAmount, order.goodsAmount)),
    goodsCount: order.goodsCount,
    purchStatus: order.confirmedAt ? 1 : 0,
    returnStatus: legacyRefundStatus(order.refundState as RefundState),
    cancelReason: order.cancelReason ?? '',
    reminded: order.remindedAt ? 1 : 0,
    payDeadline: time(order.payDeadlineAt),
  };
}

export function toOrderGoods(item: OrderItemRow, locale: Locale) {
  const systemTotal = money.mulInt(item.systemPrice, item.quantity);
  return {
    id: item.id,
    attributes: localized(item.attributes, locale),
    skuId: item.skuId,
    goodsId: item.sellerGoodsId,
    goodsName: localized(item.names, locale),
    goodsNum: item.quantity,
    goodsReal: amount(item.unitPrice),
    goodsIcon: item.image,
    fees: amount(item.freight),
    tax: amount(item.tax),
    systemPrice: amount(item.systemPrice),
    profit: amount(money.sub(item.lineAmount, systemTotal)),
    totalCost: amount(money.sum([item.lineAmount, item.freight, item.tax, item.serviceFee])),
    sellingPrice: amount(item.originalPrice),
    isShelf: 1,
    isValid: 1,
    evaluated: item.reviewedAt ? 1 : 0,
  };
}

export function toOrderLog(log: OrderLogRow, translator: Translator, locale: Locale, timeZone: string) {
  // quoted reasons are keys themselves ("reason.cancel.2"), translated first
  const params = Object.fromEntries(
    Object.entries(log.params).map(([name, value]) => [name, typeof value === 'string' && value.startsWith('reason.') ? translator.t(locale, value) : value]),
  );
  const text = translator.t(locale, log.key, params);
  return { id: String(log.id), orderId: log.orderId, log: text, content: text, key: log.key, createTime: formatLegacyDateTime(timeZone, log.createdAt) };
}
