import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { REVIEW_PAGE_SIZE } from '../paging.ts';
import { reviewTabParams, type ReviewTab } from '@caravan/ui/review-tabs';
import type { Evaluation, PageData } from '../types.ts';

/** evaluation!list: one goods' reviews of one kind, 20 a page. */
export function getReviews(sellerGoodsId: string, tab: ReviewTab, pageNum: number): Promise<PageData<Evaluation> & { evaluationNum: number }> {
  return api.call('evaluation!list', { sellerGoodsId, ...reviewTabParams(tab), pageNum, pageSize: REVIEW_PAGE_SIZE }, { silent: true });
}

export const reviewsQueryOptions = (sellerGoodsId: string, tab: ReviewTab, pageNum: number) =>
  queryOptions({
    queryKey: ['catalog', 'reviews', sellerGoodsId, tab, pageNum],
    queryFn: () => getReviews(sellerGoodsId, tab, pageNum),
    placeholderData: keepPreviousData,
  });

export function useReviews(sellerGoodsId: string, tab: ReviewTab, pageNum: number) {
  return useQuery(reviewsQueryOptions(sellerGoodsId, tab, pageNum));
}
