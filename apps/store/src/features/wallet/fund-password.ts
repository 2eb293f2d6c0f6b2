// The fund (transaction) password is set as exactly 6 digits (spec section 5; the server checks 6-12
// characters on withdrawal, a set password always has 6 digits).
export const FUND_PASSWORD_LENGTH = 6;

export function isFundPassword(text: string | null | undefined): boolean {
  return typeof text === 'string' && /^\d{6}$/.test(text);
}
