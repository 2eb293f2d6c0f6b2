import { stateMachine } from '../../platform/state-machine.ts';

// The order and its refund as two machines side by side (ARCHITECTURE section 6). Legacy numbers
// (status -1..6, returnStatus) exist only in `legacyStatus` and the mapper.

export const ORDER_STATES = ['pending_payment', 'paid', 'confirmed', 'shipped', 'received', 'completed', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export type OrderEvent = 'pay' | 'cancel' | 'confirm' | 'ship' | 'receive' | 'complete' | 'refund';

export const orderMachine = stateMachine<OrderState, OrderEvent>(ORDER_STATES, {
  /** the buyer paid: the money sits in the order's escrow */
  pay: { from: ['pending_payment'], to: 'paid' },
  /** by the buyer (one of 5 reasons) or by the payment time-out; only before payment */
  cancel: { from: ['pending_payment'], to: 'cancelled' },
  /** the seller accepts the order ("merchant confirmed, stocking") */
  confirm: { from: ['paid'], to: 'confirmed' },
  /** the platform warehouse ships ("system shipped"); a paid order the seller never confirmed ships too */
  ship: { from: ['paid', 'confirmed'], to: 'shipped' },
  /** the buyer confirms receipt, or the auto-receipt deadline passes */
  receive: { from: ['shipped'], to: 'received' },
  /** reviewed (or the default review): escrow is released */
  complete: { from: ['received'], to: 'completed' },
  /** a refund succeeded: the escrow went back to the buyer (a partial refund settles the rest) */
  refund: { from: ['paid', 'confirmed', 'received'], to: 'refunded' },
});

export const REFUND_STATES = ['none', 'requested', 'refunding', 'succeeded', 'failed', 'rejected'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export type RefundEvent = 'request' | 'approve' | 'succeed' | 'fail' | 'reject';

export const refundMachine = stateMachine<RefundState, RefundEvent>(REFUND_STATES, {
  /** the buyer asks (or the platform starts one itself); again after a refusal or a failure */
  request: { from: ['none', 'rejected', 'failed'], to: 'requested' },
  /** the platform accepts; the money is on its way back */
  approve: { from: ['requested'], to: 'refunding' },
  succeed: { from: ['refunding'], to: 'succeeded' },
  fail: { from: ['refunding'], to: 'failed' },
  reject: { from: ['requested'], to: 'rejected' },
});

/** Order states a refund may be asked in: paid or confirmed (not shipped), or received within the return window. */
export const REFUNDABLE_ORDER_STATES: readonly OrderState[] = ['paid', 'confirmed', 'received'];

/** Paid and not yet completed, refunded or cancelled: the buyer cannot cancel the account meanwhile. */
export const UNFINISHED_ORDER_STATES: readonly OrderState[] = ['paid', 'confirmed', 'shipped', 'received'];

/** A refund being decided or paid: the order neither confirms nor ships meanwhile. */
export const REFUND_BUSY: readonly RefundState[] = ['requested', 'refunding'];

/**
 * What the console may offer on an order in these states (the services check again, with the clock:
 * a received order's return window, for one).
 */
export function operatorActions(status: OrderState, refund: RefundState): { ship: boolean; approveRefund: boolean; rejectRefund: boolean; manualRefund: boolean } {
  return {
    ship: orderMachine.next(status, 'ship') !== undefined && !REFUND_BUSY.includes(refund),
    approveRefund: refundMachine.next(refund, 'approve') !== undefined,
    rejectRefund: refundMachine.next(refund, 'reject') !== undefined,
    manualRefund: REFUNDABLE_ORDER_STATES.includes(status) && refundMachine.next(refund, 'request') !== undefined,
  };
}

/** Legacy status: -1 cancelled, 0 to pay, 1 to ship, 2 confirmed, 3 to receive, 4 received, 5 reviewed, 6 refunded. */
export function legacyStatus(state: OrderState): number {
  switch (state) {
    case 'cancelled':
      return -1;
    case 'pending_payment':
      return 0;
    case 'paid':
      return 1;
    case 'confirmed':
      return 2;
    case 'shipped':
      return 3;
    case 'received':
      return 4;
    case 'completed':
      return 5;
    case 'refunded':
      return 6;
  }
}

/** The order states behind a legacy list tab (6 = refund/after-sales is a refund filter). */
export function statesOfLegacyStatus(status: number): OrderState[] | undefined {
  const state = ORDER_STATES.find((candidate) => legacyStatus(candidate) === status);
  return state ? [state] : undefined;
}

/** Legacy returnStatus: 0 none, 1 requested, 2 refunding, 3 succeeded, 4 failed, 5 rejected. */
export function legacyRefundStatus(state: RefundState): number {
  return REFUND_STATES.indexOf(state);
}
