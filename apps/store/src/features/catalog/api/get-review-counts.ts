import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ReviewCounts } from '@caravan/ui/review-tabs';

/** evaluation!countType: review counts by kind (note the parameter name goodId). */
export function getReviewCounts(sellerGoodsId: string): Promise<ReviewCounts> {
  return api.call<ReviewCounts>('evaluation!countType', { goodId: sellerGoodsId }, { silent: true });
}

export const reviewCountsQueryOptions = (sellerGoodsId: string) =>
  queryOptions({ queryKey: ['catalog', 'review-counts', sellerGoodsId], queryFn: () => getReviewCounts(sellerGoodsId) });

export function useReviewCounts(sellerGoodsId: string) {
  return useQuery(reviewCountsQueryOptions(sellerGoodsId));
}
