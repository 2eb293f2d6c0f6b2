import { describe, expect, it } from 'vitest';
import { checkCardNumber, normalizeCardNumber, passesLuhn } from '../../src/features/wallet/card-number.ts';

describe('passesLuhn', () => {
  it('accepts well-known test numbers', () => {
    expect(passesLuhn('4111111111111111')).toBe(true); // Visa
    expect(passesLuhn('5555555555554444')).toBe(true); // Mastercard
    expect(passesLuhn('378282246310005')).toBe(true); // American Express
    expect(passesLuhn('6011111111111117')).toBe(true); // Discover
  });
  it('refuses a changed digit or swapped neighbours', () => {
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('4111111111111121')).toBe(false);
    expect(passesLuhn('5555555555554445')).toBe(false);
  });
  it('refuses anything but digits', () => {
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4111-1111')).toBe(false);
    expect(passesLuhn('４１１１')).toBe(false);
  });
});

describe('checkCardNumber', () => {
  it('ignores spaces and dashes typed for readability', () => {
    expect(normalizeCardNumber(' 4111 1111-1111 1111 ')).toBe('4111111111111111');
    expect(checkCardNumber('4111 1111 1111 1111')).toBe('ok');
  });
  it('needs 12 to 19 digits', () => {
    expect(checkCardNumber('')).toBe('empty');
    expect(checkCardNumber('   ')).toBe('empty');
    expect(checkCardNumber(undefined)).toBe('empty');
    expect(checkCardNumber('42')).toBe('malformed'); // passes Luhn, far too short
    expect(checkCardNumber('00000000000')).toBe('malformed'); // 11 digits
    expect(checkCardNumber('000000000000')).toBe('ok'); // 12 digits, checksum 0
    expect(checkCardNumber('0'.repeat(19))).toBe('ok');
    expect(checkCardNumber('0'.repeat(20))).toBe('malformed');
  });
  it('refuses letters, signs and exponents', () => {
    expect(checkCardNumber('4111a11111111111')).toBe('malformed');
    expect(checkCardNumber('-4111111111111111')).toBe('ok'); // a leading dash is a separator
    expect(checkCardNumber('4.111111111111111')).toBe('malformed');
    expect(checkCardNumber('4e15')).toBe('malformed');
  });
  it('refuses a bad checksum', () => {
    expect(checkCardNumber('4111 1111 1111 1112')).toBe('checksum');
  });
});
