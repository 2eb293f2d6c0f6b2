import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { GoodsVo, PageData } from '../types.ts';

/** sellerGoods!searchSellerGoods: search within one shop (its totalElements is not filled). */
export interface ShopGoodsSearchParams {
  sellerId: string;
  keyword: string;
  pageNum: number;
  pageSize: number;
}

export function searchShopGoods(params: ShopGoodsSearchParams): Promise<PageData<GoodsVo>> {
  return api.call<PageData<GoodsVo>>('sellerGoods!searchSellerGoods', { ...params }, { silent: true });
}

export const searchShopGoodsQueryOptions = (params: ShopGoodsSearchParams) =>
  queryOptions({
    queryKey: ['catalog', 'search-shop-goods', params],
    queryFn: () => searchShopGoods(params),
    placeholderData: keepPreviousData,
  });

export function useSearchShopGoods(params: ShopGoodsSearchParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchShopGoodsQueryOptions(params), enabled: (options.enabled ?? true) && params.keyword.length > 0 });
}
