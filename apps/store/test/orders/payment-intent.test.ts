import { ApiError } from '@caravan/ui/api-client';
import { describe, expect, it } from 'vitest';
import { keepKeyAfterFailure, newIdempotencyKey } from '../../src/features/orders/payment-intent.ts';

describe('payment idempotency keys', () => {
  it('makes a new random key per intent', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reuses the key only when no answer came back', () => {
    expect(keepKeyAfterFailure(new ApiError('network', '', 'common.network'))).toBe(true);
    expect(keepKeyAfterFailure(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(keepKeyAfterFailure(new ApiError('1', 'Fund password wrong', 'accounts.safeword_wrong'))).toBe(false);
    expect(keepKeyAfterFailure(new ApiError('1', 'Balance insufficient', 'wallet.balance_insufficient'))).toBe(false);
    expect(keepKeyAfterFailure(new ApiError('403', 'Please log in again', 'common.session_expired'))).toBe(false);
  });
});
