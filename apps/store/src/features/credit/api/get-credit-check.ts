import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { mayApply } from '../credit-rules.ts';
import { creditKeys } from './credit-keys.ts';

/** credit!check: the string "true" when the user may apply, "false" while a loan is unfinished. */
export async function getCreditCheck(): Promise<boolean> {
  return mayApply(await api.call<string | boolean | null>('credit!check'));
}

export const creditCheckQueryOptions = () => queryOptions({ queryKey: creditKeys.check(), queryFn: getCreditCheck, staleTime: 0 });

export function useCreditCheck() {
  return useQuery(creditCheckQueryOptions());
}
