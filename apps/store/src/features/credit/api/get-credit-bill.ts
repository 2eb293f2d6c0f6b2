import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CreditBill } from '../types.ts';
import { creditKeys } from './credit-keys.ts';

/** credit!bill: the current loan, zeros when there is none. */
export function getCreditBill(): Promise<CreditBill> {
  return api.call<CreditBill>('credit!bill');
}

export const creditBillQueryOptions = () => queryOptions({ queryKey: creditKeys.bill(), queryFn: getCreditBill, staleTime: 0 });

export function useCreditBill() {
  return useQuery(creditBillQueryOptions());
}
