import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import { walletKeys } from './wallet-keys.ts';

/** localuser!get `safeword`: 1 when the user has set a fund password. */
export async function hasFundPassword(api: ApiClient): Promise<boolean> {
  const data = await api.call<{ safeword?: number | string } | null>('localuser!get');
  return Number(data?.safeword) === 1;
}

export const fundPasswordQueryOptions = (api: ApiClient) => queryOptions({ queryKey: walletKeys.fundPassword(), queryFn: () => hasFundPassword(api), staleTime: 0 });

export function useHasFundPassword() {
  return useQuery(fundPasswordQueryOptions(useApi()));
}
