// What the payment step does with a refused order!pay, by the server's stable error key.
import { ApiError } from '@caravan/ui/api-client';

export type PayFailure = 'insufficient_balance' | 'no_fund_password' | 'fund_password' | 'not_payable' | 'other';

const FUND_PASSWORD_KEYS = new Set([
  'accounts.safeword_required',
  'accounts.safeword_length',
  'accounts.safeword_format',
  'accounts.safeword_wrong',
  'accounts.safeword_locked_minutes',
  'accounts.safeword_locked_day',
]);

export function classifyPayError(error: unknown): PayFailure {
  if (!(error instanceof ApiError)) return 'other';
  const key = error.errorKey ?? '';
  if (key === 'wallet.balance_insufficient') return 'insufficient_balance';
  // the legacy code 999 means "set a fund password first"
  if (key === 'accounts.safeword_not_set' || error.code === '999') return 'no_fund_password';
  if (FUND_PASSWORD_KEYS.has(key)) return 'fund_password';
  if (key === 'orders.not_payable' || key === 'orders.not_found') return 'not_payable';
  return 'other';
}
