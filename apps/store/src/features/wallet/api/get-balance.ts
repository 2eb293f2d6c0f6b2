import { STORAGE_KEYS } from '@caravan/ui/storage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { store } from '../../../lib/session.ts';
import type { Balance } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** wallet!getUsdt: `money` is spendable, `frozen` held for withdrawals in review (`{}` without a wallet). */
export async function getBalance(): Promise<Balance> {
  const data = await api.call<Partial<Balance> | null>('wallet!getUsdt');
  const balance = { money: data?.money ?? '0.00', rebate: data?.rebate ?? '0.00', frozen: data?.frozen ?? '0.00' };
  // the legacy client keeps the balance in local storage (spec section 3 keys)
  store.setItem(STORAGE_KEYS.balance, balance.money);
  return balance;
}

export const balanceQueryOptions = () => queryOptions({ queryKey: walletKeys.balance(), queryFn: getBalance, staleTime: 0 });

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
