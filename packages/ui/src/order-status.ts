// The legacy order numbers as message keys (status -1..6, returnStatus 0..5), the same in the store's
// order screens and the seller panel; both read the texts from store-orders.json.

/** Legacy order status: -1 cancelled, 0 to pay, 1 paid, 2 confirmed, 3 shipped, 4 received, 5 completed, 6 refunded. */
export const LEGACY_ORDER_STATUSES = [-1, 0, 1, 2, 3, 4, 5, 6] as const;
export type LegacyOrderStatus = (typeof LEGACY_ORDER_STATUSES)[number];

const STATUS_KEYS: Record<LegacyOrderStatus, string> = {
  [-1]: 'cancelled',
  0: 'pendingPayment',
  1: 'paid',
  2: 'confirmed',
  3: 'shipped',
  4: 'received',
  5: 'completed',
  6: 'refunded',
};

function isLegacyStatus(status: number): status is LegacyOrderStatus {
  return (LEGACY_ORDER_STATUSES as readonly number[]).includes(status);
}

/** Message key (under `status.`) of a legacy order status. */
export function statusKey(status: number): string {
  return isLegacyStatus(status) ? STATUS_KEYS[status] : 'unknown';
}

/** Legacy returnStatus: 0 none, 1 requested, 2 refunding, 3 succeeded, 4 failed, 5 rejected. */
const REFUND_STATUS_KEYS = ['none', 'requested', 'refunding', 'succeeded', 'failed', 'rejected'] as const;

/** Message key (under `refundStatus.`) of a legacy returnStatus. */
export function refundStatusKey(returnStatus: number): string {
  return REFUND_STATUS_KEYS[returnStatus] ?? 'unknown';
}
