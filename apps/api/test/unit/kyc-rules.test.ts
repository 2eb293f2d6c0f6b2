import { KYC_STATES } from '@caravan/contract/kyc';
import { describe, expect, it } from 'vitest';
import { kycMachine } from '../../src/modules/kyc/kyc-state.ts';
import { UploadSigner } from '../../src/modules/uploads/upload-signing.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { redactUrl } from '../../src/platform/logger.ts';

describe('kyc submission state machine', () => {
  it('decides only a pending submission, once', () => {
    for (const state of KYC_STATES) {
      expect({ state, approve: kycMachine.next(state, 'approve'), reject: kycMachine.next(state, 'reject') }).toEqual({
        state,
        approve: state === 'pending' ? 'approved' : undefined,
        reject: state === 'pending' ? 'rejected' : undefined,
      });
    }
  });
});

describe('signed picture URLs', () => {
  const key = `p${'a'.repeat(64)}.png`;

  it('work until the second they expire, for their key only, with our secret only', () => {
    const clock = new ManualClock('2026-01-15T04:00:00.000Z');
    const signer = new UploadSigner('a-test-secret-that-is-long-enough-1234', clock);
    const { expires, signature } = signer.sign(key, 60_000);
    expect(signer.verify(key, String(expires), signature)).toEqual({ ok: true, expires });
    expect(signer.verify(`p${'b'.repeat(64)}.png`, String(expires), signature).ok).toBe(false);
    expect(signer.verify(key, String(expires + 1), signature).ok).toBe(false);
    expect(signer.verify(key, undefined, signature).ok).toBe(false);
    expect(signer.verify(key, String(expires), undefined).ok).toBe(false);
    expect(signer.verify(key, '1e12', signature).ok).toBe(false);
    expect(new UploadSigner('another-secret-that-is-long-enough-5678', clock).verify(key, String(expires), signature).ok).toBe(false);
    clock.advance(59_999);
    expect(signer.verify(key, String(expires), signature).ok).toBe(true);
    clock.advance(1);
    expect(signer.verify(key, String(expires), signature).ok).toBe(false);
  });

  it('without a configured secret, signs with a random one per process', () => {
    const clock = new ManualClock();
    const { expires, signature } = new UploadSigner(undefined, clock).sign(key);
    expect(new UploadSigner(undefined, clock).verify(key, String(expires), signature).ok).toBe(false);
  });
});

describe('logs', () => {
  it('never keep the signature of a private picture URL', () => {
    expect(redactUrl(`/uploads/private/p${'a'.repeat(64)}.png?expires=1768449660&signature=abc_DEF-123`)).toBe(`/uploads/private/p${'a'.repeat(64)}.png?expires=1768449660&signature=[redacted]`);
  });
});
