import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { SellerVo } from '../types.ts';
import { useViewerKey } from '../../../lib/session.ts';

/** seller!info: the shop card with its figures; isFocus when signed in. Each call counts a visit. */
export function getShop(sellerId: string): Promise<SellerVo> {
  return api.call<SellerVo>('seller!info', { sellerId }, { silent: true });
}

export const shopQueryKey = (sellerId: string, viewer: string) => ['catalog', 'shop', sellerId, viewer] as const;

export const shopQueryOptions = (sellerId: string, viewer: string) =>
  queryOptions({ queryKey: shopQueryKey(sellerId, viewer), queryFn: () => getShop(sellerId), staleTime: 2 * 60_000, retry: false });

export function useShop(sellerId: string | undefined) {
  const viewer = useViewerKey();
  return useQuery({ ...shopQueryOptions(sellerId ?? '', viewer), enabled: Boolean(sellerId) });
}
