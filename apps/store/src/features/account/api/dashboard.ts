// What the dashboard shows besides the profile: the wallet balance (wallet!getUsdt) and the order
// counters (order!countOrderStatus).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface WalletBalance {
  /** spendable balance, a decimal string (absent when the user has no wallet yet) */
  money?: string;
  frozen?: string;
}

export interface OrderCounters {
  waitPayCount: string;
  waitDeliverCount: string;
  waitReceiptCount: string;
  waitEvaluateCount: string;
  refundCount: string;
}

export function getWalletBalance(): Promise<WalletBalance> {
  return api.call<WalletBalance>('wallet!getUsdt');
}

// Inside the other features' key families, so a payment or a withdrawal (which invalidate ['wallet']
// and ['orders']) refreshes the dashboard too; the last part keeps this shape apart from theirs.
export const walletBalanceQueryOptions = () => queryOptions({ queryKey: ['wallet', 'balance', 'account'], queryFn: getWalletBalance, staleTime: 0 });

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}

export function getOrderCounters(): Promise<OrderCounters> {
  return api.call<OrderCounters>('order!countOrderStatus', {}, { silent: true });
}

export const orderCountersQueryOptions = () => queryOptions({ queryKey: ['orders', 'counts', 'account'], queryFn: getOrderCounters });

export function useOrderCounters() {
  return useQuery(orderCountersQueryOptions());
}
