import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  checkNewSafeword,
  checkSafewordShape,
  isCommonPassword,
  loginKeyOf,
  normalizeRegistrationName,
} from '../../src/modules/accounts/credentials.ts';

describe('registration names', () => {
  it('accepts 6-30 letters or digits as a user name', () => {
    expect(normalizeRegistrationName('Alice2026', undefined)).toEqual({
      ok: true,
      value: { kind: 'username', display: 'Alice2026', key: 'alice2026' },
    });
    expect(normalizeRegistrationName('a'.repeat(30), '3').ok).toBe(true);
  });

  it.each([['abc12'], ['a'.repeat(31)], ['alice_2026'], ['алиса2026'], ['alice 2026!']])('refuses the user name %s', (name) => {
    expect(normalizeRegistrationName(name, '3')).toEqual({ ok: false, key: 'accounts.username_invalid' });
  });

  it('removes spaces, as the legacy server did', () => {
    expect(normalizeRegistrationName(' bob 12345 ', '3')).toMatchObject({ ok: true, value: { display: 'bob12345' } });
  });

  it('reads e-mail addresses, lower-cased, at most 64 characters', () => {
    expect(normalizeRegistrationName('Buyer.One@Example.COM', undefined)).toEqual({
      ok: true,
      value: { kind: 'email', display: 'buyer.one@example.com', key: 'buyer.one@example.com' },
    });
    expect(normalizeRegistrationName(`${'a'.repeat(60)}@x.com`, '2')).toEqual({ ok: false, key: 'accounts.email_invalid' });
    expect(normalizeRegistrationName('not-an-email', '2')).toEqual({ ok: false, key: 'accounts.email_invalid' });
  });

  it('reads phone numbers with their area code', () => {
    expect(normalizeRegistrationName('+1 555 010 9999', undefined)).toEqual({
      ok: true,
      value: { kind: 'phone', display: '+15550109999', key: '15550109999' },
    });
    expect(normalizeRegistrationName('+86 138-0000-0000', '1')).toMatchObject({ ok: true, value: { key: '8613800000000' } });
    expect(normalizeRegistrationName('+1 555', '1')).toEqual({ ok: false, key: 'accounts.phone_invalid' });
    expect(normalizeRegistrationName('+1 555 abc 9999', '1')).toEqual({ ok: false, key: 'accounts.phone_invalid' });
  });

  it('logs in with the same key whatever spacing or plus sign is typed', () => {
    expect(loginKeyOf('+1 555 010 9999')).toBe('15550109999');
    expect(loginKeyOf('Alice2026')).toBe('alice2026');
  });
});

describe('secrets', () => {
  it('requires 6-64 characters for login passwords and refuses common ones', () => {
    expect(checkNewPassword('Kx9#mountain')).toBeUndefined();
    expect(checkNewPassword('a1b2c')).toBe('accounts.password_length');
    expect(checkNewPassword('x'.repeat(65))).toBe('accounts.password_length');
    expect(checkNewPassword('x'.repeat(64))).toBeUndefined();
    expect(checkNewPassword('password')).toBe('accounts.password_too_common');
    expect(checkNewPassword('QWERTY123')).toBe('accounts.password_too_common');
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('Kx9#mountain')).toBe(false);
  });

  it('sets fund passwords as exactly 6 digits and checks them with the 6-12 reading', () => {
    expect(checkNewSafeword('246810')).toBeUndefined();
    expect(checkNewSafeword('24681')).toBe('accounts.safeword_format');
    expect(checkNewSafeword('2468101')).toBe('accounts.safeword_format');
    expect(checkNewSafeword('24681a')).toBe('accounts.safeword_format');
    expect(checkSafewordShape('12345')).toBe('accounts.safeword_length');
    expect(checkSafewordShape('123456789012')).toBeUndefined();
    expect(checkSafewordShape('1234567890123')).toBe('accounts.safeword_length');
  });
});
