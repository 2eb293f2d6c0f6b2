// Favourite goods: keepGoods!list (20 a page), keepGoods!count, keepGoods!del.
import type { GoodsVo } from '@caravan/contract/catalog';
import type { PageInfo } from '@caravan/contract/paging';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** User lists show 20 a page (spec section 9). */
export const FAVOURITES_PAGE_SIZE = 20;

export interface PagedList<T> {
  pageInfo: PageInfo;
  pageList: T[];
}

export type FavouriteGoods = Pick<
  GoodsVo,
  'id' | 'name' | 'imgUrl1' | 'zoomImg' | 'price' | 'sellingPrice' | 'discountPrice' | 'isShelf' | 'sellerName' | 'soldNum'
>;

// Under the call's name: the catalogue's favourite button invalidates ['keepGoods'] after a change.
const favouriteGoodsKey = ['keepGoods', 'list'] as const;
const favouriteCountKey = ['keepGoods', 'count'] as const;

export function listFavouriteGoods(pageNum: number): Promise<PagedList<FavouriteGoods>> {
  return api.call<PagedList<FavouriteGoods>>('keepGoods!list', { pageNum, pageSize: FAVOURITES_PAGE_SIZE });
}

export const favouriteGoodsQueryOptions = (pageNum: number) =>
  queryOptions({ queryKey: [...favouriteGoodsKey, pageNum], queryFn: () => listFavouriteGoods(pageNum), placeholderData: keepPreviousData });

export function useFavouriteGoods(pageNum: number) {
  return useQuery(favouriteGoodsQueryOptions(pageNum));
}

export function countFavouriteGoods(): Promise<number> {
  return api.call<number>('keepGoods!count');
}

export const favouriteCountQueryOptions = () => queryOptions({ queryKey: favouriteCountKey, queryFn: countFavouriteGoods });

export function useFavouriteCount() {
  return useQuery(favouriteCountQueryOptions());
}

export function removeFavouriteGoods(sellerGoodsId: string): Promise<null> {
  return api.call<null>('keepGoods!del', { sellerGoodsId });
}

export function useRemoveFavouriteGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavouriteGoods,
    onSuccess: (_data, sellerGoodsId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['keepGoods'] }),
        // the product page's favourite flag (catalogue key, written out: no cross-feature import)
        queryClient.invalidateQueries({ queryKey: ['catalog', 'goods-detail', sellerGoodsId] }),
      ]),
  });
}
