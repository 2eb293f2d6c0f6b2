// Followed shops: focusSeller!list (items carry the shop as `sellerVo`), focusSeller!count and
// focusSeller!del (the server reads `sellerId`).
import type { SellerVo } from '@caravan/contract/catalog';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { FAVOURITES_PAGE_SIZE, type PagedList } from './favourite-goods.ts';

export type FollowedShop = Pick<SellerVo, 'id' | 'name' | 'avatar' | 'shopRemark' | 'sellerGoodsNum' | 'focusNum' | 'soldNum' | 'highOpinion' | 'evaluationNum'>;

export interface FollowRecord {
  id: string;
  sellerId: string;
  createTime: string;
  sellerVo: FollowedShop;
}

// Under the call's name: the shop page's follow button invalidates ['focusSeller'] after a change.
const followedShopsKey = ['focusSeller', 'list'] as const;
const followCountKey = ['focusSeller', 'count'] as const;

export function listFollowedShops(pageNum: number): Promise<PagedList<FollowRecord>> {
  return api.call<PagedList<FollowRecord>>('focusSeller!list', { pageNum, pageSize: FAVOURITES_PAGE_SIZE });
}

export const followedShopsQueryOptions = (pageNum: number) =>
  queryOptions({ queryKey: [...followedShopsKey, pageNum], queryFn: () => listFollowedShops(pageNum), placeholderData: keepPreviousData });

export function useFollowedShops(pageNum: number) {
  return useQuery(followedShopsQueryOptions(pageNum));
}

export function countFollowedShops(): Promise<number> {
  return api.call<number>('focusSeller!count');
}

export const followCountQueryOptions = () => queryOptions({ queryKey: followCountKey, queryFn: countFollowedShops });

export function useFollowCount() {
  return useQuery(followCountQueryOptions());
}

export function unfollowShop(sellerId: string): Promise<null> {
  return api.call<null>('focusSeller!del', { sellerId });
}

export function useUnfollowShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowShop,
    onSuccess: (_data, sellerId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['focusSeller'] }),
        // the shop page's follow flag and follower count (catalogue key, written out)
        queryClient.invalidateQueries({ queryKey: ['catalog', 'shop', sellerId] }),
      ]),
  });
}
