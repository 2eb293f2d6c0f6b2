import { ApiError } from '@caravan/ui/api-client';
import { describe, expect, it } from 'vitest';
import { createIntentTracker, fingerprintOf, isUnanswered, runIntent } from '../../src/wallet/submit-intent.ts';

function keys() {
  let next = 0;
  return () => `key-${(next += 1)}`;
}

describe('intents', () => {
  it('keeps one key while the same values are submitted', () => {
    const tracker = createIntentTracker(keys());
    expect(tracker.begin('a').key).toBe('key-1');
    expect(tracker.begin('a').key).toBe('key-1');
    expect(tracker.begin('b').key).toBe('key-2');
    tracker.finish();
    expect(tracker.begin('b').key).toBe('key-3');
  });

  it('fingerprints parameters whatever their order', () => {
    expect(fingerprintOf('withdraw!apply', { amount: '10', from: 'T1' })).toBe(fingerprintOf('withdraw!apply', { from: 'T1', amount: '10' }));
    expect(fingerprintOf('withdraw!apply', { amount: '10' })).not.toBe(fingerprintOf('withdraw!apply', { amount: '10.00' }));
    expect(fingerprintOf('a', { x: '1' })).not.toBe(fingerprintOf('b', { x: '1' }));
  });

  it('knows a network failure from an answer', () => {
    expect(isUnanswered(new ApiError('network', '', 'common.network'))).toBe(true);
    expect(isUnanswered(new ApiError('1', 'Balance insufficient', 'wallet.balance_insufficient'))).toBe(false);
    expect(isUnanswered(new Error('x'))).toBe(false);
    expect(isUnanswered(undefined)).toBe(false);
  });
});

describe('runIntent', () => {
  it('retries a network failure with the same key and session token', async () => {
    const tracker = createIntentTracker(keys());
    let opened = 0;
    const open = async () => `token-${(opened += 1)}`;
    const seen: Array<{ key: string; sessionToken: string }> = [];
    const failing = async (intent: { key: string; sessionToken: string }) => {
      seen.push(intent);
      throw new ApiError('network', '', 'common.network');
    };
    await expect(runIntent(tracker, 'same', open, failing)).rejects.toThrow();
    await expect(runIntent(tracker, 'same', open, async (intent) => (seen.push(intent), 'done'))).resolves.toBe('done');
    expect(seen).toEqual([
      { key: 'key-1', sessionToken: 'token-1' },
      { key: 'key-1', sessionToken: 'token-1' },
    ]);
    expect(opened).toBe(1);
  });

  it('starts a new intent after the server answered, even with a refusal', async () => {
    const tracker = createIntentTracker(keys());
    let opened = 0;
    const open = async () => `token-${(opened += 1)}`;
    const seen: string[] = [];
    await expect(
      runIntent(tracker, 'same', open, async (intent) => {
        seen.push(`${intent.key}/${intent.sessionToken}`);
        throw new ApiError('1', 'Incorrect fund password', 'accounts.safeword_wrong');
      }),
    ).rejects.toThrow('Incorrect fund password');
    await runIntent(tracker, 'same', open, async (intent) => seen.push(`${intent.key}/${intent.sessionToken}`));
    await runIntent(tracker, 'same', open, async (intent) => seen.push(`${intent.key}/${intent.sessionToken}`));
    expect(seen).toEqual(['key-1/token-1', 'key-2/token-2', 'key-3/token-3']);
  });

  it('starts a new intent when the values change', async () => {
    const tracker = createIntentTracker(keys());
    const open = async () => 'token';
    const seen: string[] = [];
    await expect(runIntent(tracker, 'a', open, async () => Promise.reject(new ApiError('network', '', undefined)))).rejects.toThrow();
    await runIntent(tracker, 'b', open, async (intent) => seen.push(intent.key));
    expect(seen).toEqual(['key-2']);
  });

  it('does not call when no session token could be had', async () => {
    const tracker = createIntentTracker(keys());
    let called = false;
    await expect(
      runIntent(tracker, 'a', async () => Promise.reject(new ApiError('1', 'Please try again later', 'common.try_later')), async () => {
        called = true;
      }),
    ).rejects.toThrow('Please try again later');
    expect(called).toBe(false);
  });
});
