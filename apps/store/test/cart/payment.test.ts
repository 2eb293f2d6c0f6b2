import { ApiError } from '@caravan/ui/api-client';
import { describe, expect, it } from 'vitest';
import { checkFundPassword, fundPasswordInput } from '@caravan/ui/fund-password';
import { afterFailure, intentFor, newIntentKey, outcomeUnknown } from '../../src/features/cart/lib/intent-key.ts';
import { readPaidState } from '../../src/features/cart/lib/paid-state.ts';
import { classifyPayError } from '../../src/features/cart/lib/pay-errors.ts';

describe('fund password', () => {
  it('is exactly 6 digits', () => {
    expect(checkFundPassword('246810')).toBeUndefined();
    expect(checkFundPassword('')).toBe('required');
    expect(checkFundPassword(undefined)).toBe('required');
    for (const value of ['24681', '2468101', '24681a', ' 246810', '２４６８１０', '24 681']) expect(checkFundPassword(value)).toBe('format');
  });

  it('keeps only digits of what is typed or pasted, at most 6', () => {
    expect(fundPasswordInput('12 34 56')).toBe('123456');
    expect(fundPasswordInput('1234567890')).toBe('123456');
    expect(fundPasswordInput('abc')).toBe('');
  });
});

describe('idempotency keys', () => {
  let counter = 0;
  const make = () => `key-${++counter}`;

  it('keeps one key while the same thing is retried', () => {
    const first = intentFor(undefined, 'orders:a', make);
    expect(intentFor(first, 'orders:a', make)).toBe(first);
  });

  it('takes a new key when what is asked changes', () => {
    const first = intentFor(undefined, 'info|address-1', make);
    const second = intentFor(first, 'info|address-2', make);
    expect(second.key).not.toBe(first.key);
  });

  it('keeps the key after a network failure, drops it after an answer', () => {
    const intent = intentFor(undefined, 'x', make);
    expect(afterFailure(intent, new ApiError('network', '', 'common.network'))).toBe(intent);
    expect(afterFailure(intent, new TypeError('failed to fetch'))).toBe(intent);
    expect(afterFailure(intent, new ApiError('1', 'balance insufficient', 'wallet.balance_insufficient'))).toBeUndefined();
    expect(outcomeUnknown(new ApiError('1', 'x', 'orders.sold_out'))).toBe(false);
  });

  it('makes v4 UUIDs, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIntentKey()).toMatch(uuid);
    const insecure = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => globalThis.crypto.getRandomValues(array) };
    const key = newIntentKey(insecure);
    expect(key).toMatch(uuid);
    expect(newIntentKey(insecure)).not.toBe(key);
  });
});

describe('classifyPayError', () => {
  it('maps the server error keys to what the page offers', () => {
    expect(classifyPayError(new ApiError('1', 'Balance insufficient, please recharge', 'wallet.balance_insufficient'))).toBe('insufficient_balance');
    expect(classifyPayError(new ApiError('999', 'Please set a fund password', 'accounts.safeword_not_set'))).toBe('no_fund_password');
    expect(classifyPayError(new ApiError('999', 'legacy', undefined))).toBe('no_fund_password');
    expect(classifyPayError(new ApiError('1', 'Fund password wrong', 'accounts.safeword_wrong'))).toBe('fund_password');
    expect(classifyPayError(new ApiError('1', 'locked', 'accounts.safeword_locked_minutes'))).toBe('fund_password');
    expect(classifyPayError(new ApiError('1', 'not payable', 'orders.not_payable'))).toBe('not_payable');
    expect(classifyPayError(new ApiError('1', 'system error', 'common.system_error'))).toBe('other');
    expect(classifyPayError(new Error('boom'))).toBe('other');
  });
});

describe('readPaidState', () => {
  it('reads the ids and total handed to /paySuccess', () => {
    expect(readPaidState({ orderIds: ['a', 'b'], total: '23.94' })).toEqual({ orderIds: ['a', 'b'], total: '23.94' });
  });

  it('ignores anything else', () => {
    expect(readPaidState(null)).toBeUndefined();
    expect(readPaidState({ orderIds: [], total: '1.00' })).toBeUndefined();
    expect(readPaidState({ orderIds: ['a'], total: 12 })).toBeUndefined();
    expect(readPaidState({ orderIds: ['a', 3], total: '1.00' })).toBeUndefined();
    expect(readPaidState({ orderIds: ['a'], total: '1e9' })).toBeUndefined();
  });
});
