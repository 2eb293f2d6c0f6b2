// Form rules of spec section 5 for the account screens, as pure functions. Each check answers with a
// message key of the `account` namespace (under `validation.`), or undefined when the value is fine;
// the server checks again and has the last word.
import { isFundPassword } from '@caravan/ui/fund-password';

export type ValidationKey =
  | 'validation.required'
  | 'validation.usernameFormat'
  | 'validation.emailFormat'
  | 'validation.areaCodeFormat'
  | 'validation.phoneFormat'
  | 'validation.passwordLength'
  | 'validation.passwordMismatch'
  | 'validation.newPasswordSame'
  | 'validation.fundPasswordFormat'
  | 'validation.fundPasswordLength'
  | 'validation.accountMismatch'
  | 'validation.reasonLength'
  | 'validation.agentCodeFormat';

/** User names: letters and digits only, 6-30 characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]{6,30}$/;
/** New login passwords: 6-12 characters, any characters allowed. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
/**
 * Passwords typed to log in or to confirm: the server accepts passphrases up to 64 characters (set
 * through other clients), so only new passwords are held to the 6-12 rule.
 */
export const EXISTING_PASSWORD_MAX = 64;
/** Typing an existing fund password (cancellation, old one): the legacy 6-12 reading. */
export const FUND_PASSWORD_CHECK_MIN = 6;
export const FUND_PASSWORD_CHECK_MAX = 12;
export const EMAIL_MAX = 64;
/** Subscriber numbers have at least 8 digits; with the area code at most 15 (E.164). */
export const PHONE_MIN_DIGITS = 8;
export const PHONE_TOTAL_MAX_DIGITS = 15;
export const AREA_CODE_PATTERN = /^\+?\d{1,4}$/;
export const CANCEL_REASON_MAX = 500;
/** The referral code sent when the visitor came without one (legacy default). */
export const NO_AGENT_CODE = '000000';

const EMAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const length = (value: string) => [...value].length;

export function checkUsername(value: string): ValidationKey | undefined {
  const compact = value.replace(/\s+/g, '');
  if (compact === '') return 'validation.required';
  return USERNAME_PATTERN.test(compact) ? undefined : 'validation.usernameFormat';
}

export function checkEmail(value: string): ValidationKey | undefined {
  const compact = value.trim();
  if (compact === '') return 'validation.required';
  return compact.length <= EMAIL_MAX && EMAIL_PATTERN.test(compact) ? undefined : 'validation.emailFormat';
}

export function checkAreaCode(value: string): ValidationKey | undefined {
  const compact = value.replace(/\s+/g, '');
  if (compact === '') return 'validation.required';
  return AREA_CODE_PATTERN.test(compact) ? undefined : 'validation.areaCodeFormat';
}

/** The number after the area code: digits (spaces and dashes allowed), at least 8 digits. */
export function checkPhoneNumber(value: string, areaCode = ''): ValidationKey | undefined {
  const compact = value.replace(/[\s-]+/g, '');
  if (compact === '') return 'validation.required';
  if (!/^\d+$/.test(compact) || compact.length < PHONE_MIN_DIGITS) return 'validation.phoneFormat';
  const areaDigits = areaCode.replace(/\D/g, '');
  return areaDigits.length + compact.length <= PHONE_TOTAL_MAX_DIGITS ? undefined : 'validation.phoneFormat';
}

/** A new login password (registration, change): 6-12 characters. */
export function checkNewPassword(value: string): ValidationKey | undefined {
  if (value === '') return 'validation.required';
  const size = length(value);
  return size >= PASSWORD_MIN && size <= PASSWORD_MAX ? undefined : 'validation.passwordLength';
}

/** A password typed to prove who you are (login, old password). */
export function checkExistingPassword(value: string): ValidationKey | undefined {
  if (value === '') return 'validation.required';
  const size = length(value);
  return size >= PASSWORD_MIN && size <= EXISTING_PASSWORD_MAX ? undefined : 'validation.passwordLength';
}

/** The second entry of a new password (login or fund) must equal the first. */
export function checkConfirmation(confirmation: string, original: string): ValidationKey | undefined {
  if (confirmation === '') return 'validation.required';
  return confirmation === original ? undefined : 'validation.passwordMismatch';
}

export function checkDifferentFromOld(next: string, old: string): ValidationKey | undefined {
  return next !== '' && next === old ? 'validation.newPasswordSame' : undefined;
}

/** A new fund password: exactly 6 digits. */
export function checkNewFundPassword(value: string): ValidationKey | undefined {
  if (value === '') return 'validation.required';
  return isFundPassword(value) ? undefined : 'validation.fundPasswordFormat';
}

/** An existing fund password being typed (the server reads 6-12 characters). */
export function checkExistingFundPassword(value: string): ValidationKey | undefined {
  if (value === '') return 'validation.required';
  return value.length >= FUND_PASSWORD_CHECK_MIN && value.length <= FUND_PASSWORD_CHECK_MAX ? undefined : 'validation.fundPasswordLength';
}

/** Comparison key of an account name, as the server compares them (spaces, "+" and "-" dropped, any case). */
export function accountKey(value: string): string {
  return value.replace(/[\s+-]/g, '').toLowerCase();
}

/** Cancellation asks the user to type their account name. */
export function checkAccountConfirmation(typed: string, username: string): ValidationKey | undefined {
  if (typed.trim() === '') return 'validation.required';
  return accountKey(typed) === accountKey(username) ? undefined : 'validation.accountMismatch';
}

export function checkCancelReason(value: string): ValidationKey | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'validation.required';
  return length(trimmed) <= CANCEL_REASON_MAX ? undefined : 'validation.reasonLength';
}

export type RegistrationKind = 'username' | 'email' | 'phone';

/** The registration call's `type`: "1" phone, "2" e-mail, "3" user name. */
export const REGISTRATION_TYPES: Record<RegistrationKind, '1' | '2' | '3'> = { phone: '1', email: '2', username: '3' };

/** What registration sends as `username`: the phone as "+<area code><number>", other names without spaces. */
export function registrationName(kind: RegistrationKind, value: string, areaCode = ''): string {
  if (kind === 'phone') {
    const area = areaCode.replace(/\D/g, '');
    return `+${area}${value.replace(/\D/g, '')}`;
  }
  if (kind === 'email') return value.trim();
  return value.replace(/\s+/g, '');
}

const AGENT_CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;

/** The invitation code field is optional; when filled it is letters and digits. */
export function checkAgentCode(value: string): ValidationKey | undefined {
  const code = value.trim();
  return code === '' || AGENT_CODE_PATTERN.test(code) ? undefined : 'validation.agentCodeFormat';
}

/** The referral code to send: the stored one when it looks like a code, otherwise the legacy "000000". */
export function agentCodeOrDefault(stored: string | null | undefined): string {
  const code = (stored ?? '').trim();
  return AGENT_CODE_PATTERN.test(code) ? code : NO_AGENT_CODE;
}
