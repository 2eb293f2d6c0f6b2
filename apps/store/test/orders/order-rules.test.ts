import { CANCEL_REASON_CODES, LEGACY_STATUSES, REFUND_REASON_CODES } from '@caravan/contract/orders';
import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  badgeCount,
  CANCEL_REASONS,
  cancelReasonKey,
  isOrderId,
  ORDER_PAGE_SIZE,
  ORDER_TABS,
  pageFromQuery,
  REFUND_REASONS,
  sortLogAscending,
  tabIndexFromQuery,
  tabIndexOfStatus,
} from '../../src/features/orders/order-rules.ts';
import { LEGACY_ORDER_STATUSES, refundStatusKey, statusKey } from '@caravan/ui/order-status';

describe('order tabs', () => {
  it('has the 8 tabs of the spec in order, each asking order!listMain for its own status', () => {
    expect(ORDER_TABS.map((tab) => tab.key)).toEqual(['all', 'toPay', 'toShip', 'confirmed', 'toReceive', 'received', 'toReview', 'refund']);
    expect(ORDER_TABS.map((tab) => tab.status)).toEqual([undefined, 0, 1, 2, 3, 5, 4, 6]);
    const statuses = ORDER_TABS.map((tab) => tab.status).filter((status) => status !== undefined);
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const status of statuses) expect(LEGACY_STATUSES).toContain(status);
  });

  it('puts a badge only where the count matches the list', () => {
    expect(Object.fromEntries(ORDER_TABS.filter((tab) => tab.count).map((tab) => [tab.key, tab.count]))).toEqual({
      toPay: 'waitPayCount',
      toReceive: 'waitReceiptCount',
      toReview: 'waitEvaluateCount',
      refund: 'refundCount',
    });
  });

  it('reads ?index= as a tab position and falls back to the first tab on anything else', () => {
    expect(tabIndexFromQuery('0')).toBe(0);
    expect(tabIndexFromQuery('3')).toBe(3);
    expect(tabIndexFromQuery('7')).toBe(7);
    for (const bad of [null, undefined, '', '8', '99', '-1', '1.5', ' 2', '2 ', 'abc', '1e1', '０', '007']) expect(tabIndexFromQuery(bad)).toBe(0);
  });

  it('reads ?page= as a positive page number', () => {
    expect(pageFromQuery('1')).toBe(1);
    expect(pageFromQuery('25')).toBe(25);
    for (const bad of [null, '', '0', '-2', '01', '2.5', 'x', '99999']) expect(pageFromQuery(bad)).toBe(1);
  });

  it('finds the tab of a status, cancelled orders living in the all tab', () => {
    expect(tabIndexOfStatus(0)).toBe(1);
    expect(tabIndexOfStatus(4)).toBe(6);
    expect(tabIndexOfStatus(5)).toBe(5);
    expect(tabIndexOfStatus(-1)).toBe(0);
    expect(tabIndexOfStatus(42)).toBe(0);
  });

  it('reads the string counts of order!countOrderStatus defensively', () => {
    expect(badgeCount('3')).toBe(3);
    expect(badgeCount('0')).toBe(0);
    for (const bad of [undefined, '', '-1', '2.5', 'many', '1e3', '9999999999']) expect(badgeCount(bad)).toBe(0);
  });

  it('uses the spec page size', () => {
    expect(ORDER_PAGE_SIZE).toBe(20);
  });
});

describe('labels of legacy numbers', () => {
  it('names every legacy order status and only those', () => {
    expect([...LEGACY_ORDER_STATUSES]).toEqual([...LEGACY_STATUSES]);
    expect(LEGACY_ORDER_STATUSES.map(statusKey)).toEqual(['cancelled', 'pendingPayment', 'paid', 'confirmed', 'shipped', 'received', 'completed', 'refunded']);
    expect(statusKey(7)).toBe('unknown');
    expect(statusKey(-2)).toBe('unknown');
    expect(statusKey(Number.NaN)).toBe('unknown');
  });

  it('names the refund states 0..5', () => {
    expect([0, 1, 2, 3, 4, 5].map(refundStatusKey)).toEqual(['none', 'requested', 'refunding', 'succeeded', 'failed', 'rejected']);
    expect(refundStatusKey(6)).toBe('unknown');
    expect(refundStatusKey(-1)).toBe('unknown');
  });

  it('keeps the reason codes of the contract', () => {
    expect([...CANCEL_REASONS]).toEqual([...CANCEL_REASON_CODES]);
    expect([...REFUND_REASONS]).toEqual([...REFUND_REASON_CODES]);
  });

  it('maps stored cancel reasons, including the payment time-out, and nothing else', () => {
    expect(cancelReasonKey('2')).toBe('2');
    expect(cancelReasonKey('timeout')).toBe('timeout');
    expect(cancelReasonKey('')).toBeUndefined();
    expect(cancelReasonKey('5')).toBeUndefined();
    expect(cancelReasonKey('__proto__')).toBeUndefined();
  });
});

describe('allowedActions', () => {
  const none = 0;
  it('offers pay and cancel before payment, and only cancel once the deadline passed', () => {
    expect(allowedActions({ status: 0, returnStatus: none })).toEqual(['pay', 'cancel']);
    expect(allowedActions({ status: 0, returnStatus: none, payExpired: true })).toEqual(['cancel']);
  });

  it('offers a reminder and a refund while the order waits to ship', () => {
    expect(allowedActions({ status: 1, returnStatus: none })).toEqual(['remind', 'refund']);
    expect(allowedActions({ status: 2, returnStatus: none })).toEqual(['remind', 'refund']);
    expect(allowedActions({ status: 1, returnStatus: none, reminded: true })).toEqual(['refund']);
  });

  it('offers only receipt once shipped (a shipped order cannot be refunded)', () => {
    expect(allowedActions({ status: 3, returnStatus: none })).toEqual(['receipt']);
  });

  it('offers review and return once received, review only while something is unreviewed', () => {
    expect(allowedActions({ status: 4, returnStatus: none })).toEqual(['review', 'refund']);
    expect(allowedActions({ status: 4, returnStatus: none, allReviewed: true })).toEqual(['refund']);
  });

  it('holds everything while a refund is under way and allows asking again after a refusal or failure', () => {
    expect(allowedActions({ status: 1, returnStatus: 1 })).toEqual([]);
    expect(allowedActions({ status: 4, returnStatus: 2 })).toEqual([]);
    expect(allowedActions({ status: 2, returnStatus: 5 })).toEqual(['remind', 'refund']);
    expect(allowedActions({ status: 4, returnStatus: 4 })).toEqual(['review', 'refund']);
  });

  it('offers nothing on finished orders or unknown states', () => {
    for (const status of [-1, 5, 6, 7, -2, Number.NaN]) expect(allowedActions({ status, returnStatus: none })).toEqual([]);
    expect(allowedActions({ status: 6, returnStatus: 3 })).toEqual([]);
  });
});

describe('isOrderId', () => {
  it('accepts 32 lowercase hex digits only', () => {
    expect(isOrderId('ff8080818604394d01860767e945005c')).toBe(true);
    for (const bad of [null, undefined, '', 'FF8080818604394D01860767E945005C', 'ff8080818604394d01860767e945005', 'ff8080818604394d01860767e945005cc', 'zz8080818604394d01860767e945005c', ' ff8080818604394d01860767e945005c', '../../etc/passwd']) {
      expect(isOrderId(bad)).toBe(false);
    }
  });
});

describe('sortLogAscending', () => {
  it('sorts the timeline oldest first and keeps the server order for equal times', () => {
    const entries = [
      { id: 'c', createTime: '2026-11-23 17:18:36' },
      { id: 'a', createTime: '2026-11-22 09:00:00' },
      { id: 'b1', createTime: '2026-11-23 08:00:00' },
      { id: 'b2', createTime: '2026-11-23 08:00:00' },
    ];
    expect(sortLogAscending(entries).map((entry) => entry.id)).toEqual(['a', 'b1', 'b2', 'c']);
    expect(entries[0]?.id).toBe('c');
    expect(sortLogAscending([])).toEqual([]);
  });
});
