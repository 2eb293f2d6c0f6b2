import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { GoodsQueryParams } from '../listing-filters.ts';
import type { GoodsVo, PageData } from '../types.ts';

/** sellerGoods!list: goods by category (either level), shop, flags, price order. */
export interface GoodsListParams extends GoodsQueryParams {
  pageNum: number;
  pageSize: number;
  sellerId?: string;
}

export function getGoodsList(params: GoodsListParams): Promise<PageData<GoodsVo>> {
  return api.call<PageData<GoodsVo>>('sellerGoods!list', { ...params }, { silent: true });
}

export const goodsListQueryOptions = (params: GoodsListParams) =>
  queryOptions({
    queryKey: ['catalog', 'goods-list', params],
    queryFn: () => getGoodsList(params),
    placeholderData: keepPreviousData,
  });

export function useGoodsList(params: GoodsListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...goodsListQueryOptions(params), enabled: options.enabled ?? true });
}
