import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { BeforePay } from '../types.ts';
import { creditKeys } from './credit-keys.ts';

/** credit!beforepay: what repaying the loan takes now, and the wallet balance. */
export function getBeforePay(creditId: string): Promise<BeforePay> {
  return api.call<BeforePay>('credit!beforepay', { creditId });
}

export const beforePayQueryOptions = (creditId: string) =>
  queryOptions({ queryKey: creditKeys.beforePay(creditId), queryFn: () => getBeforePay(creditId), staleTime: 0 });

export function useBeforePay(creditId: string | undefined) {
  return useQuery({ ...beforePayQueryOptions(creditId ?? ''), enabled: Boolean(creditId) });
}
