import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SAFEWORD_PATTERN,
  USERNAME_PATTERN,
} from '@caravan/contract/accounts';
import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import { dictionary } from '@zxcvbn-ts/language-common';

// Pure rules for names and secrets (spec sections 5 and 9). No I/O here.

export type LoginKind = 'username' | 'email' | 'phone';

export interface NormalizedIdentity {
  kind: LoginKind;
  /** What we store and show: spaces removed, phone as +<digits>, e-mail lower-cased. */
  display: string;
  /** Lookup key: lower-case; phone digits only. */
  key: string;
}

type Result<T> = { ok: true; value: T } | { ok: false; key: ErrorKey };

/** Optional +, area code and number: at least 8 digits of subscriber number, 15 digits in all (E.164). */
const PHONE_PATTERN = /^\+?\d{9,15}$/;

/** Without an explicit type: an "@" means e-mail, a leading "+" a phone number, otherwise a user name. */
function inferKind(raw: string): LoginKind {
  if (raw.includes('@')) return 'email';
  if (raw.startsWith('+')) return 'phone';
  return 'username';
}

/**
 * Registration name by type ("1" phone, "2" e-mail, "3" user name; inferred when absent).
 * Spaces are removed, as the legacy server did.
 */
export function normalizeRegistrationName(raw: string, type: string | undefined): Result<NormalizedIdentity> {
  const compact = raw.replace(/\s+/g, '');
  const kind: LoginKind = type === '1' ? 'phone' : type === '2' ? 'email' : type === '3' ? 'username' : inferKind(compact);
  if (kind === 'email') {
    if (compact.length > EMAIL_MAX || !EMAIL_PATTERN.test(compact)) return { ok: false, key: 'accounts.email_invalid' };
    const lower = compact.toLowerCase();
    return { ok: true, value: { kind, display: lower, key: lower } };
  }
  if (kind === 'phone') {
    const digits = compact.replace(/-/g, '');
    if (!PHONE_PATTERN.test(digits)) return { ok: false, key: 'accounts.phone_invalid' };
    const bare = digits.replace(/^\+/, '');
    return { ok: true, value: { kind, display: `+${bare}`, key: bare } };
  }
  if (!USERNAME_PATTERN.test(compact)) return { ok: false, key: 'accounts.username_invalid' };
  return { ok: true, value: { kind, display: compact, key: compact.toLowerCase() } };
}

/** Login accepts a user name, e-mail or phone; spaces and "+" are stripped (legacy behaviour). */
export function loginKeyOf(raw: string): string {
  return raw.replace(/[\s+]/g, '').replace(/-/g, '').toLowerCase();
}

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((word) => word.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export function checkNewPassword(password: string): ErrorKey | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'accounts.password_length';
  if (isCommonPassword(password)) return 'accounts.password_too_common';
  return undefined;
}

/** Passwords given to log in or to confirm: only the length is checked before the hash comparison. */
export function checkPasswordShape(password: string): ErrorKey | undefined {
  const length = [...password].length;
  return length < PASSWORD_MIN || length > PASSWORD_MAX ? 'accounts.password_length' : undefined;
}

/** Setting or changing the fund password: exactly 6 digits. */
export function checkNewSafeword(safeword: string): ErrorKey | undefined {
  return SAFEWORD_PATTERN.test(safeword) ? undefined : 'accounts.safeword_format';
}

/** Checking the fund password (pay, withdraw, repay, logoff): the legacy 6-12 reading. */
export function checkSafewordShape(safeword: string): ErrorKey | undefined {
  return safeword.length >= 6 && safeword.length <= 12 ? undefined : 'accounts.safeword_length';
}
