import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { SellerVo } from '../types.ts';

/**
 * Shops by name. The API has no paged shop search: sellerGoods!search-keyword (the suggestions call)
 * answers the best matching shops (sellerList, a handful) beside goods names.
 */
export interface SearchSuggestions {
  sellerList: SellerVo[];
  goodsList: { goodsId: string; name: string }[];
}

export function searchShops(keyword: string): Promise<SearchSuggestions> {
  return api.call<SearchSuggestions>('sellerGoods!search-keyword', { keyword }, { silent: true });
}

export const searchShopsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['catalog', 'search-shops', keyword],
    queryFn: () => searchShops(keyword),
    select: (data) => data?.sellerList ?? [],
    staleTime: 60_000,
  });

export function useSearchShops(keyword: string) {
  return useQuery({ ...searchShopsQueryOptions(keyword), enabled: keyword.length > 0 });
}
