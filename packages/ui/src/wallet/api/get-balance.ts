import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useUiContext } from '../../ui-context.tsx';
import type { Balance } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** wallet!getUsdt: `money` is spendable, `frozen` held for withdrawals in review (`{}` without a wallet). */
export async function getBalance(api: ApiClient, onBalance?: (money: string) => void): Promise<Balance> {
  const data = await api.call<Partial<Balance> | null>('wallet!getUsdt');
  const balance = { money: data?.money ?? '0.00', rebate: data?.rebate ?? '0.00', frozen: data?.frozen ?? '0.00' };
  onBalance?.(balance.money);
  return balance;
}

export const balanceQueryOptions = (api: ApiClient, onBalance?: (money: string) => void) =>
  queryOptions({ queryKey: walletKeys.balance(), queryFn: () => getBalance(api, onBalance), staleTime: 0 });

export function useBalance() {
  const { api, onBalance } = useUiContext();
  return useQuery(balanceQueryOptions(api, onBalance));
}
