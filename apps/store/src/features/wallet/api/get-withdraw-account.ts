import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { WithdrawAccount } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/**
 * withdraw!withdraw_open: a session_token and the bound withdrawal address (empty when none), with
 * whether binding is open (openWithdrawAddressBinding 1).
 */
export function openWithdraw(): Promise<WithdrawAccount> {
  return api.call<WithdrawAccount>('withdraw!withdraw_open');
}

export const withdrawAccountQueryOptions = () => queryOptions({ queryKey: walletKeys.withdrawAccount(), queryFn: openWithdraw, staleTime: 0 });

export function useWithdrawAccount() {
  return useQuery(withdrawAccountQueryOptions());
}
