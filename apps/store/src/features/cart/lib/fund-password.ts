// The fund (transaction) password asked before paying: exactly 6 digits (spec sections 5 and 9).

export const FUND_PASSWORD_LENGTH = 6;

export type FundPasswordProblem = 'required' | 'format';

export function checkFundPassword(value: string | null | undefined): FundPasswordProblem | undefined {
  if (value === null || value === undefined || value.length === 0) return 'required';
  return /^\d{6}$/.test(value) ? undefined : 'format';
}

/** What the field keeps of what is typed or pasted: digits only, at most 6 ("12 34 56" -> "123456"). */
export function fundPasswordInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, FUND_PASSWORD_LENGTH);
}
