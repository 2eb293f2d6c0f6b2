import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from './wallet-keys.ts';

/** localuser!get `safeword`: 1 when the user has set a fund password. */
export async function hasFundPassword(): Promise<boolean> {
  const data = await api.call<{ safeword?: number | string } | null>('localuser!get');
  return Number(data?.safeword) === 1;
}

export const fundPasswordQueryOptions = () => queryOptions({ queryKey: walletKeys.fundPassword(), queryFn: hasFundPassword, staleTime: 0 });

export function useHasFundPassword() {
  return useQuery(fundPasswordQueryOptions());
}
