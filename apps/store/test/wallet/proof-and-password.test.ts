import { describe, expect, it } from 'vitest';
import { FUND_PASSWORD_LENGTH, isFundPassword } from '@caravan/ui/fund-password';
import { checkProofFile, PROOF_MAX_BYTES } from '../../src/features/wallet/proof-image.ts';

describe('payment-proof screenshot', () => {
  it('takes JPEG and PNG up to 10 MB', () => {
    expect(PROOF_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(checkProofFile({ type: 'image/png', size: 1 })).toBe('ok');
    expect(checkProofFile({ type: 'image/jpeg', size: PROOF_MAX_BYTES })).toBe('ok');
    expect(checkProofFile({ type: 'IMAGE/PNG', size: 10 })).toBe('ok');
  });
  it('refuses one byte over the limit', () => {
    expect(checkProofFile({ type: 'image/png', size: PROOF_MAX_BYTES + 1 })).toBe('size');
  });
  it('refuses other types', () => {
    expect(checkProofFile({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkProofFile({ type: 'image/webp', size: 10 })).toBe('type');
    expect(checkProofFile({ type: 'application/pdf', size: 10, name: 'proof.png' })).toBe('type');
    expect(checkProofFile({ type: 'image/svg+xml', size: 10 })).toBe('type');
  });
  it('falls back on the extension only when there is no type', () => {
    expect(checkProofFile({ type: '', size: 10, name: 'proof.JPG' })).toBe('ok');
    expect(checkProofFile({ type: '', size: 10, name: 'proof.png.exe' })).toBe('type');
    expect(checkProofFile({ type: '', size: 10 })).toBe('type');
  });
  it('refuses an empty file or none', () => {
    expect(checkProofFile({ type: 'image/png', size: 0 })).toBe('empty');
    expect(checkProofFile(null)).toBe('empty');
  });
});

describe('fund password', () => {
  it('is exactly 6 digits', () => {
    expect(FUND_PASSWORD_LENGTH).toBe(6);
    expect(isFundPassword('246810')).toBe(true);
    expect(isFundPassword('000000')).toBe(true);
  });
  it.each(['', '12345', '1234567', '12345a', ' 123456', '123 456', '１２３４５６', '1e5000', '-12345'])('refuses %j', (text) => {
    expect(isFundPassword(text)).toBe(false);
  });
  it('refuses what is not a string', () => {
    expect(isFundPassword(undefined)).toBe(false);
    expect(isFundPassword(null)).toBe(false);
  });
});
