import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import type { WithdrawFee } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!fee: the fee as a rate ("0.01" = 1 %). */
export async function getWithdrawFee(api: ApiClient, channel: string): Promise<string> {
  const data = await api.call<WithdrawFee>('withdraw!fee', { channel });
  return data.withdraw_fee;
}

export const withdrawFeeQueryOptions = (api: ApiClient, channel: string) => queryOptions({ queryKey: walletKeys.withdrawFee(channel), queryFn: () => getWithdrawFee(api, channel) });

export function useWithdrawFee(channel: string) {
  return useQuery(withdrawFeeQueryOptions(useApi(), channel));
}
