import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { WithdrawFee } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!fee: the fee as a rate ("0.01" = 1 %). */
export async function getWithdrawFee(channel: string): Promise<string> {
  const data = await api.call<WithdrawFee>('withdraw!fee', { channel });
  return data.withdraw_fee;
}

export const withdrawFeeQueryOptions = (channel: string) => queryOptions({ queryKey: walletKeys.withdrawFee(channel), queryFn: () => getWithdrawFee(channel) });

export function useWithdrawFee(channel: string) {
  return useQuery(withdrawFeeQueryOptions(channel));
}
