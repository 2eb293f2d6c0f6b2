import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { GoodsQueryParams } from '../listing-filters.ts';
import type { GoodsVo, PageData } from '../types.ts';

/** sellerGoods!search: goods by keyword across the catalogue, with the listing flags and price order. */
export interface GoodsSearchParams extends Omit<GoodsQueryParams, 'categoryId'> {
  keyword: string;
  pageNum: number;
  pageSize: number;
}

export function searchGoods(params: GoodsSearchParams): Promise<PageData<GoodsVo>> {
  return api.call<PageData<GoodsVo>>('sellerGoods!search', { ...params }, { silent: true });
}

export const searchGoodsQueryOptions = (params: GoodsSearchParams) =>
  queryOptions({
    queryKey: ['catalog', 'search-goods', params],
    queryFn: () => searchGoods(params),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked while the keyword is empty (the server would refuse it). */
export function useSearchGoods(params: GoodsSearchParams) {
  return useQuery({ ...searchGoodsQueryOptions(params), enabled: params.keyword.length > 0 });
}
