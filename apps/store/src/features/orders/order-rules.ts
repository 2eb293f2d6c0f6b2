// What the order screens show and allow, as data: the list tabs and the legacy `status` each one asks
// `order!listMain` for, the labels of the legacy numbers, and the buyer's actions per state (the same
// rules as the server's order and refund machines, apps/api/src/modules/orders/order-state.ts).

import type { LegacyOrderStatus } from '@caravan/ui/order-status';

/** Spec section 9: order lists show 20 per page. */
export const ORDER_PAGE_SIZE = 20;

/** Orders have at most 100 lines (checkout limit); the goods of one order fit one page of this size. */
export const ORDER_GOODS_PAGE_SIZE = 100;

/** The 5 cancel reasons (spec section 9), sent as `returnReason` to order!cancel. */
export const CANCEL_REASONS = ['0', '1', '2', '3', '4'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The 9 refund reasons (spec section 9), sent as `returnReason` to order!returns. */
export const REFUND_REASONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export type CountField = 'waitPayCount' | 'waitDeliverCount' | 'waitReceiptCount' | 'waitEvaluateCount' | 'refundCount';

export interface OrderTab {
  /** message key under `tabs.` */
  key: 'all' | 'toPay' | 'toShip' | 'confirmed' | 'toReceive' | 'received' | 'toReview' | 'refund';
  /** `status` for order!listMain; undefined lists every order (cancelled ones included) */
  status: LegacyOrderStatus | undefined;
  /** the order!countOrderStatus field whose number matches this tab's list exactly */
  count?: CountField;
}

/**
 * The 8 tabs of spec section 2, in the spec's order; `?index=` is the position. "Received" lists
 * completed orders (received and reviewed, legacy 5) and "to review" the received ones still waiting
 * for a review (legacy 4). waitDeliverCount counts paid and confirmed orders together, which are two
 * tabs here, so neither of them gets a badge that would not match its list.
 */
export const ORDER_TABS: readonly OrderTab[] = [
  { key: 'all', status: undefined },
  { key: 'toPay', status: 0, count: 'waitPayCount' },
  { key: 'toShip', status: 1 },
  { key: 'confirmed', status: 2 },
  { key: 'toReceive', status: 3, count: 'waitReceiptCount' },
  { key: 'received', status: 5 },
  { key: 'toReview', status: 4, count: 'waitEvaluateCount' },
  { key: 'refund', status: 6, count: 'refundCount' },
];

/** `?index=` as a tab position: anything but 0..7 written as plain digits is the first tab. */
export function tabIndexFromQuery(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || !/^\d{1,2}$/.test(raw)) return 0;
  const index = Number(raw);
  return index < ORDER_TABS.length ? index : 0;
}

/** `?page=` as a page number (1 when missing or not a positive integer). */
export function pageFromQuery(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || !/^[1-9]\d{0,3}$/.test(raw)) return 1;
  return Number(raw);
}

/** `?index=` of the tab listing a legacy status (the all tab for cancelled orders). */
export function tabIndexOfStatus(status: number): number {
  const index = ORDER_TABS.findIndex((tab) => tab.status === status);
  return index < 0 ? 0 : index;
}

/** A count from order!countOrderStatus (a string) as a number for a badge; 0 for anything odd. */
export function badgeCount(value: string | undefined): number {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return 0;
  return Number(value);
}

/** A refund under way: nothing else happens to the order until the platform decides. */
export function isRefundBusy(returnStatus: number): boolean {
  return returnStatus === 1 || returnStatus === 2;
}

export type OrderAction = 'pay' | 'cancel' | 'remind' | 'receipt' | 'refund' | 'review';

export interface OrderFacts {
  status: number;
  returnStatus: number;
  /** known from order!info only; the list lets the server answer "already reminded" */
  reminded?: boolean;
  /** the payment deadline has passed (the server cancels the order shortly) */
  payExpired?: boolean;
  /** every item has its review (order!listGoods) */
  allReviewed?: boolean;
}

/**
 * What the buyer may do with an order now: pay or cancel before payment; remind the seller while it
 * waits to ship (once); confirm receipt once shipped; ask for a refund while paid or confirmed, or a
 * return after receipt (the server also checks the return window), unless one is under way or
 * succeeded; review once received (not while a refund is under way).
 */
export function allowedActions(facts: OrderFacts): OrderAction[] {
  const { status, returnStatus } = facts;
  const actions: OrderAction[] = [];
  const refundOpen = returnStatus === 0 || returnStatus === 4 || returnStatus === 5;
  if (status === 0) {
    if (!facts.payExpired) actions.push('pay');
    actions.push('cancel');
  }
  if ((status === 1 || status === 2) && !facts.reminded && !isRefundBusy(returnStatus)) actions.push('remind');
  if (status === 3) actions.push('receipt');
  if (status === 4 && !facts.allReviewed && !isRefundBusy(returnStatus)) actions.push('review');
  if ((status === 1 || status === 2 || status === 4) && refundOpen) actions.push('refund');
  return actions;
}

/** Order ids are 32 lowercase hex digits; anything else in `?id=` is not an order. */
export function isOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
}

/** Message key (under `reasons.cancel.`) of a stored cancel reason; the payment time-out has its own. */
export function cancelReasonKey(reason: string): string | undefined {
  if ((CANCEL_REASONS as readonly string[]).includes(reason)) return reason;
  if (reason === 'timeout') return 'timeout';
  return undefined;
}

/**
 * Spec section 3: the logistics entries are shown oldest first. Times are "YYYY-MM-DD HH:mm:ss" in one
 * zone, so they sort as text; entries with equal times keep the server's order.
 */
export function sortLogAscending<Entry extends { createTime: string }>(entries: readonly Entry[]): Entry[] {
  return entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => (a.entry.createTime < b.entry.createTime ? -1 : a.entry.createTime > b.entry.createTime ? 1 : a.position - b.position))
    .map(({ entry }) => entry);
}
