// The fund (transaction) password: set as exactly 6 digits (spec section 5), asked before paying and
// withdrawing (spec section 9; the server reads 6-12 characters there, a set password is always 6 digits).

export const FUND_PASSWORD_LENGTH = 6;
/** Where a fund password is set (account > setup > transaction password). */
export const FUND_PASSWORD_PATH = '/userInfo/setup/transaction-password';
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;

export type FundPasswordProblem = 'required' | 'format';

export function checkFundPassword(value: string | null | undefined): FundPasswordProblem | undefined {
  if (value === null || value === undefined || value.length === 0) return 'required';
  return FUND_PASSWORD_PATTERN.test(value) ? undefined : 'format';
}

export function isFundPassword(text: string | null | undefined): boolean {
  return checkFundPassword(text) === undefined;
}

/** What the field keeps of what is typed or pasted: digits only, at most 6 ("12 34 56" -> "123456"). */
export function fundPasswordInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, FUND_PASSWORD_LENGTH);
}
