import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { HOME_PAGE_SIZE } from '../paging.ts';
import type { GoodsVo } from '../types.ts';

/** sellerGoods!recommend_new `type`: 0 daily new arrivals, 1 recommended, 2 hot sales. */
export const RECOMMEND_TYPES = { new: '0', recommended: '1', hot: '2' } as const;
export type RecommendKind = keyof typeof RECOMMEND_TYPES;

export function getRecommendedGoods(kind: RecommendKind, pageSize = HOME_PAGE_SIZE): Promise<{ result: GoodsVo[] }> {
  return api.call<{ result: GoodsVo[] }>('sellerGoods!recommend_new', { type: RECOMMEND_TYPES[kind], pageNum: 1, pageSize }, { silent: true });
}

export const recommendedGoodsQueryOptions = (kind: RecommendKind, pageSize = HOME_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['catalog', 'recommend', kind, pageSize],
    queryFn: () => getRecommendedGoods(kind, pageSize),
    select: (data) => data?.result ?? [],
  });

export function useRecommendedGoods(kind: RecommendKind, pageSize = HOME_PAGE_SIZE) {
  return useQuery(recommendedGoodsQueryOptions(kind, pageSize));
}
