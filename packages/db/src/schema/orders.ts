import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from './catalog.ts';
import { moneyColumn, newestFirst, timestamptz } from '../columns.ts';

// Orders (ARCHITECTURE sections 4-6): one order per seller of a checkout, prices, freight, tax and
// service fee computed by the server and kept on the order; the order machine and the refund machine
// side by side; every timer is a deadline column, so a restart loses nothing.

export const orders = pgTable(
  'orders',
  {
    id: text().primaryKey(),
    buyerId: text().notNull(),
    /** the seller's shop (= the seller's user id) */
    shopId: text().notNull(),
    /** one checkout may create several orders (one per seller) */
    checkoutId: text().notNull(),
    /** 'pending_payment' | 'paid' | 'confirmed' | 'shipped' | 'received' | 'completed' | 'cancelled' | 'refunded' */
    status: text().notNull(),
    /** 'none' | 'requested' | 'refunding' | 'succeeded' | 'failed' | 'rejected' */
    refundState: text().notNull().default('none'),

    // delivery address, as it was when the order was placed
    contacts: text().notNull(),
    phone: text().notNull(),
    email: text().notNull().default(''),
    country: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    postcode: text().notNull().default(''),
    address: text().notNull(),

    // the buyer's list shows one line of each order: its first item's names and picture (the item with the
    // smallest id, as order_items_order_idx gives it), copied here when the order is placed. Items never
    // change after that, so the copy cannot go stale; it spares the list one item read per order (issue 17).
    firstItemNames: jsonb().$type<LocalizedText>().notNull(),
    firstItemImage: text().notNull(),

    // amounts (USDT); total = goods + freight + tax + service fee
    goodsCount: integer().notNull(),
    /** selling prices before discounts, x quantities (legacy prizeOriginal) */
    originalAmount: moneyColumn().notNull(),
    /** what the goods cost the buyer (after discounts) */
    goodsAmount: moneyColumn().notNull(),
    /** wholesale prices x quantities: the platform warehouse's revenue (legacy systemPrice) */
    systemAmount: moneyColumn().notNull(),
    /** goodsAmount - systemAmount, before commission (legacy profit) */
    profit: moneyColumn().notNull(),
    freight: moneyColumn().notNull(),
    tax: moneyColumn().notNull(),
    serviceFee: moneyColumn().notNull(),
    total: moneyColumn().notNull(),
    /** share of the margin the platform keeps at completion (rate snapshotted) */
    commissionRate: moneyColumn().notNull(),

    cancelReason: text(),
    /** 'buyer' | 'timeout' | 'operator' */
    cancelledBy: text(),
    remindedAt: timestamptz(),
    refundReason: text(),
    refundAmount: moneyColumn(),
    refundRemark: text(),
    refundImages: jsonb().$type<string[]>(),
    refundRequestedAt: timestamptz(),
    refundedAt: timestamptz(),

    // the escrow transfer made at payment; the transfers that release it reference the order
    paymentTransferId: text(),

    // deadlines (null when not armed); the scheduler and the sweep read them
    payDeadlineAt: timestamptz(),
    shipDeadlineAt: timestamptz(),
    autoReceiveAt: timestamptz(),
    autoReviewAt: timestamptz(),
    returnDeadlineAt: timestamptz(),

    createdAt: timestamptz().notNull(),
    paidAt: timestamptz(),
    confirmedAt: timestamptz(),
    shippedAt: timestamptz(),
    receivedAt: timestamptz(),
    completedAt: timestamptz(),
    cancelledAt: timestamptz(),
    updatedAt: timestamptz().notNull(),
    /** bumped by every transition (optimistic checks in tests and logs) */
    version: integer().notNull().default(0),
  },
  (table) => [
    index('orders_buyer_idx').on(table.buyerId, ...newestFirst(table)),
    index('orders_buyer_status_idx').on(table.buyerId, table.status, table.createdAt.desc()),
    index('orders_shop_idx').on(table.shopId, ...newestFirst(table)),
    index('orders_checkout_idx').on(table.checkoutId),
    // the console's order search, newest first, over every order or one state
    index('orders_created_idx').on(...newestFirst(table)),
    // the dashboard's paid orders and GMV of a day
    index('orders_paid_idx').on(table.paidAt).where(sql`${table.paidAt} is not null`),
    index('orders_status_created_idx').on(table.status, ...newestFirst(table)),
    index('orders_shop_refund_idx').on(table.shopId, table.refundRequestedAt.desc()).where(sql`${table.refundState} <> 'none'`),
    index('orders_refund_queue_idx').on(table.refundRequestedAt).where(sql`${table.refundState} = 'requested'`),
    index('orders_pay_deadline_idx').on(table.payDeadlineAt).where(sql`${table.status} = 'pending_payment'`),
    index('orders_ship_deadline_idx').on(table.shipDeadlineAt).where(sql`${table.status} in ('paid', 'confirmed')`),
    index('orders_auto_receive_idx').on(table.autoReceiveAt).where(sql`${table.status} = 'shipped'`),
    index('orders_auto_review_idx').on(table.autoReviewAt).where(sql`${table.status} = 'received'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text().primaryKey(),
    orderId: text().notNull(),
    sellerGoodsId: text().notNull(),
    goodsId: text().notNull(),
    skuId: text().notNull(),
    names: jsonb().$type<LocalizedText>().notNull(),
    /** the chosen attribute values, per locale ("Colour: red, Size: M") */
    attributes: jsonb().$type<LocalizedText>().notNull(),
    image: text().notNull(),
    quantity: integer().notNull(),
    /** selling price before the discount */
    originalPrice: moneyColumn().notNull(),
    /** price paid per unit (after the discount) */
    unitPrice: moneyColumn().notNull(),
    /** wholesale price per unit */
    systemPrice: moneyColumn().notNull(),
    freight: moneyColumn().notNull(),
    tax: moneyColumn().notNull(),
    serviceFee: moneyColumn().notNull(),
    /** unitPrice x quantity */
    lineAmount: moneyColumn().notNull(),
    reviewedAt: timestamptz(),
  },
  (table) => [index('order_items_order_idx').on(table.orderId, table.id), index('order_items_goods_idx').on(table.sellerGoodsId)],
);

/** The order's timeline: one entry per transition, as an i18n key with its parameters. */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    orderId: text().notNull(),
    key: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull(),
    /** 'buyer' | 'seller' | 'operator' | 'system' */
    actorType: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index('order_logs_order_idx').on(table.orderId, table.id)],
);

/** Duplicate checkouts: one row per submission key (Idempotency-Key, or the request's fingerprint). */
export const orderSubmissions = pgTable(
  'order_submissions',
  {
    key: text().primaryKey(),
    buyerId: text().notNull(),
    checkoutId: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [uniqueIndex('order_submissions_checkout_uq').on(table.checkoutId)],
);
