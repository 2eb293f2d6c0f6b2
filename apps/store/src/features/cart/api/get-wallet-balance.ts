// The wallet balance (wallet!getUsdt, field money, USDT) shown beside the balance payment method.
import type { balanceOutput } from '@caravan/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type WalletBalance = (typeof balanceOutput)['_zod']['output'];

export const walletBalanceKey = ['wallet', 'balance'] as const;

export async function getWalletBalance(): Promise<Partial<WalletBalance>> {
  // data is {} when the user has no wallet yet
  return (await api.call<Partial<WalletBalance> | null>('wallet!getUsdt', {}, { silent: true })) ?? {};
}

export const walletBalanceQueryOptions = () => queryOptions({ queryKey: walletBalanceKey, queryFn: getWalletBalance, staleTime: 0 });

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
