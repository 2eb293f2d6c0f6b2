import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { WithdrawLimits } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!withdrawLimitConfig: smallest and largest withdrawal, USDT. */
export function getWithdrawLimits(): Promise<WithdrawLimits> {
  return api.call<WithdrawLimits>('withdraw!withdrawLimitConfig');
}

export const withdrawLimitsQueryOptions = () => queryOptions({ queryKey: walletKeys.withdrawLimits(), queryFn: getWithdrawLimits });

export function useWithdrawLimits() {
  return useQuery(withdrawLimitsQueryOptions());
}
