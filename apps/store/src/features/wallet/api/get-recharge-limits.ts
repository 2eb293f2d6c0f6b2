import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { RechargeLimits } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** rechargeBlockchain!rechargeLimitConfig: smallest and largest deposit, USDT value. */
export function getRechargeLimits(): Promise<RechargeLimits> {
  return api.call<RechargeLimits>('rechargeBlockchain!rechargeLimitConfig');
}

export const rechargeLimitsQueryOptions = () => queryOptions({ queryKey: walletKeys.rechargeLimits(), queryFn: getRechargeLimits });

export function useRechargeLimits() {
  return useQuery(rechargeLimitsQueryOptions());
}
