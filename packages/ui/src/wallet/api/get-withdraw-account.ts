import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import type { WithdrawAccount } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/**
 * withdraw!withdraw_open: a session_token and the bound withdrawal address (empty when none), with
 * whether binding is open (openWithdrawAddressBinding 1).
 */
export function openWithdraw(api: ApiClient): Promise<WithdrawAccount> {
  return api.call<WithdrawAccount>('withdraw!withdraw_open');
}

export const withdrawAccountQueryOptions = (api: ApiClient) => queryOptions({ queryKey: walletKeys.withdrawAccount(), queryFn: () => openWithdraw(api), staleTime: 0 });

export function useWithdrawAccount() {
  return useQuery(withdrawAccountQueryOptions(useApi()));
}
