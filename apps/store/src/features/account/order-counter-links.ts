// The dashboard's order counters and the order-list tab each opens. The order list reads `?index=`
// as the position of its tab (all, to pay, to ship, confirmed, to receive, received, to review,
// refund); "waiting to ship" counts paid and confirmed orders and opens the first of the two.

export interface OrderCounterLink {
  /** field of order!countOrderStatus */
  field: 'waitPayCount' | 'waitDeliverCount' | 'waitReceiptCount' | 'waitEvaluateCount' | 'refundCount';
  to: string;
}

export const ORDER_COUNTER_LINKS: readonly OrderCounterLink[] = [
  { field: 'waitPayCount', to: '/userInfo/my-order?index=1' },
  { field: 'waitDeliverCount', to: '/userInfo/my-order?index=2' },
  { field: 'waitReceiptCount', to: '/userInfo/my-order?index=4' },
  { field: 'waitEvaluateCount', to: '/userInfo/my-order?index=6' },
  { field: 'refundCount', to: '/userInfo/my-order?index=7' },
];
