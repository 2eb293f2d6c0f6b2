import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import type { WithdrawLimits } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!withdrawLimitConfig: smallest and largest withdrawal, USDT. */
export function getWithdrawLimits(api: ApiClient): Promise<WithdrawLimits> {
  return api.call<WithdrawLimits>('withdraw!withdrawLimitConfig');
}

export const withdrawLimitsQueryOptions = (api: ApiClient) => queryOptions({ queryKey: walletKeys.withdrawLimits(), queryFn: () => getWithdrawLimits(api) });

export function useWithdrawLimits() {
  return useQuery(withdrawLimitsQueryOptions(useApi()));
}
