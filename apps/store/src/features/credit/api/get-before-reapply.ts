import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CreditRecord } from '../types.ts';
import { creditKeys } from './credit-keys.ts';

/** credit!beforereapply: the rejected loan, to prefill a new application. */
export function getBeforeReapply(creditId: string): Promise<CreditRecord> {
  return api.call<CreditRecord>('credit!beforereapply', { creditId });
}

export const beforeReapplyQueryOptions = (creditId: string) =>
  queryOptions({ queryKey: creditKeys.beforeReapply(creditId), queryFn: () => getBeforeReapply(creditId), staleTime: 0 });

export function useBeforeReapply(creditId: string | undefined) {
  return useQuery({ ...beforeReapplyQueryOptions(creditId ?? ''), enabled: Boolean(creditId) });
}
