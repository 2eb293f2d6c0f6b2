import { describe, expect, it } from 'vitest';
import {
  covers,
  estimateCheckout,
  isPositiveAmount,
  lineAmount,
  placedTotals,
  readPlacedOrders,
  sumAmounts,
  type PlacedOrder,
} from '../../src/features/cart/lib/order-summary.ts';
import { line } from './fixtures.ts';

const order = (overrides: Partial<PlacedOrder> = {}): PlacedOrder => ({
  id: 'o1',
  sellerId: 's1',
  sellerName: 'Shop',
  goodsCount: 2,
  prizeReal: '20.00',
  fees: '3.21',
  tax: '0.00',
  serviceFee: '0.40',
  totalPrice: '23.61',
  status: 0,
  ...overrides,
});

describe('lineAmount', () => {
  it('multiplies exactly, without floats', () => {
    expect(lineAmount({ price: '0.1', count: 3 })).toBe('0.30');
    expect(lineAmount({ price: '19.99', count: 7 })).toBe('139.93');
    expect(lineAmount({ price: '12345678901234567.89', count: 3 })).toBe('37037036703703703.67');
  });

  it('gives nothing for prices that are not decimals', () => {
    for (const price of ['', 'abc', '1e3', '-1.00', '1.2.3']) expect(lineAmount({ price, count: 1 })).toBeUndefined();
  });
});

describe('estimateCheckout', () => {
  it('groups by seller (one order each) with exact subtotals', () => {
    const a1 = line({ price: '0.10', count: 3, seller: { id: 'a', name: 'A' } });
    const b1 = line({ price: '5.55', count: 2, seller: { id: 'b', name: 'B' } });
    const a2 = line({ price: '0.20', count: 1, seller: { id: 'a', name: 'A' } });
    const estimate = estimateCheckout([a1, b1, a2]);
    expect(estimate.groups.map((group) => [group.seller.id, group.quantity, group.subtotal])).toEqual([
      ['a', 4, '0.50'],
      ['b', 2, '11.10'],
    ]);
    expect(estimate.groups[0]?.lines).toEqual([a1, a2]);
    expect(estimate.quantity).toBe(6);
    expect(estimate.subtotal).toBe('11.60');
    expect(estimate.complete).toBe(true);
  });

  it('says so when a price cannot be read, and leaves it out', () => {
    const estimate = estimateCheckout([line({ price: 'n/a', count: 2 }), line({ price: '1.00', count: 1 })]);
    expect(estimate.complete).toBe(false);
    expect(estimate.subtotal).toBe('1.00');
  });

  it('is empty for no lines', () => {
    expect(estimateCheckout([])).toEqual({ groups: [], quantity: 0, subtotal: '0.00', complete: true });
  });
});

describe('server amounts', () => {
  it('adds the orders of one checkout exactly', () => {
    const totals = placedTotals([order(), order({ id: 'o2', prizeReal: '0.10', fees: '0.20', tax: '0.01', serviceFee: '0.02', totalPrice: '0.33' })]);
    expect(totals).toEqual({ goods: '20.10', freight: '3.41', tax: '0.01', serviceFee: '0.42', total: '23.94' });
  });

  it('refuses to add what is not a decimal', () => {
    expect(sumAmounts(['1.00', 'NaN'])).toBeUndefined();
    expect(placedTotals([order({ totalPrice: '' })])).toBeUndefined();
    expect(sumAmounts([])).toBe('0.00');
  });

  it('compares a balance with the amount to pay', () => {
    expect(covers('23.61', '23.61')).toBe(true);
    expect(covers('23.60', '23.61')).toBe(false);
    expect(covers('100', '23.61')).toBe(true);
    expect(covers(undefined, '1.00')).toBeUndefined();
    expect(covers('abc', '1.00')).toBeUndefined();
  });

  it('recognises a non-zero total only', () => {
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('-5')).toBe(false);
    expect(isPositiveAmount('x')).toBe(false);
  });
});

describe('readPlacedOrders', () => {
  it('reads orders kept in the router state', () => {
    expect(readPlacedOrders({ placed: [order()] })).toEqual([order()]);
  });

  it('ignores missing, empty or malformed state', () => {
    expect(readPlacedOrders(undefined)).toBeUndefined();
    expect(readPlacedOrders({ placed: [] })).toBeUndefined();
    expect(readPlacedOrders({ placed: [order(), { id: 'x' }] })).toBeUndefined();
    expect(readPlacedOrders({ placed: 'o1' })).toBeUndefined();
  });
});
