import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CreditConfig } from '../types.ts';
import { creditKeys } from './credit-keys.ts';

/** credit!config: rates, the lendable terms and the amount range. */
export function getCreditConfig(): Promise<CreditConfig> {
  return api.call<CreditConfig>('credit!config');
}

export const creditConfigQueryOptions = () => queryOptions({ queryKey: creditKeys.config(), queryFn: getCreditConfig, staleTime: 60_000 });

export function useCreditConfig() {
  return useQuery(creditConfigQueryOptions());
}
