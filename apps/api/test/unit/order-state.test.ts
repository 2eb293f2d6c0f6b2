import { describe, expect, it } from 'vitest';
import { legacyRefundStatus, legacyStatus, orderMachine, ORDER_STATES, refundMachine, REFUND_STATES, statesOfLegacyStatus } from '../../src/modules/orders/order-state.ts';

// Every allowed and every forbidden transition of the order and refund machines, spelled out.

const ORDER_ALLOWED: Record<string, string> = {
  'pending_payment pay': 'paid',
  'pending_payment cancel': 'cancelled',
  'paid confirm': 'confirmed',
  'paid ship': 'shipped',
  'confirmed ship': 'shipped',
  'shipped receive': 'received',
  'received complete': 'completed',
  'paid refund': 'refunded',
  'confirmed refund': 'refunded',
  'received refund': 'refunded',
};
const REFUND_ALLOWED: Record<string, string> = {
  'none request': 'requested',
  'rejected request': 'requested',
  'failed request': 'requested',
  'requested approve': 'refunding',
  'requested reject': 'rejected',
  'refunding succeed': 'succeeded',
  'refunding fail': 'failed',
};

describe('order state machine', () => {
  const events = Object.keys(orderMachine.transitions) as (keyof typeof orderMachine.transitions)[];
  const cases = ORDER_STATES.flatMap((state) => events.map((event) => [state, event] as const));
  it('covers 8 states x 7 events', () => expect(cases).toHaveLength(56));
  it.each(cases)('%s --%s-->', (state, event) => {
    expect(orderMachine.next(state, event)).toBe(ORDER_ALLOWED[`${state} ${event}`]);
  });
  it('maps to the legacy numbers and back', () => {
    expect(ORDER_STATES.map(legacyStatus)).toEqual([0, 1, 2, 3, 4, 5, -1, 6]);
    for (const state of ORDER_STATES) expect(statesOfLegacyStatus(legacyStatus(state))).toEqual([state]);
    expect(statesOfLegacyStatus(7)).toBeUndefined();
  });
});

describe('refund state machine', () => {
  const events = Object.keys(refundMachine.transitions) as (keyof typeof refundMachine.transitions)[];
  const cases = REFUND_STATES.flatMap((state) => events.map((event) => [state, event] as const));
  it('covers 6 states x 5 events', () => expect(cases).toHaveLength(30));
  it.each(cases)('%s --%s-->', (state, event) => {
    expect(refundMachine.next(state, event)).toBe(REFUND_ALLOWED[`${state} ${event}`]);
  });
  it('maps to legacy returnStatus 0..5', () => {
    expect(REFUND_STATES.map(legacyRefundStatus)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
