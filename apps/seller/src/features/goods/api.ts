// The shop's listings (goods!list, !update, !delete), the platform's wholesale catalogue it lists from
// (systemGoods!list, !search-keyword, goods!addOrUpdate) and what a seller may set (sysParaProduct!info).
import type { CategoryNode } from '@caravan/contract/catalog';
import type { productParamsOutput, sellerGoodsAddOutput, sellerGoodsDeleteOutput, sellerGoodsListOutput, systemGoodsListOutput, systemGoodsSuggestOutput } from '@caravan/contract/sellers';
import type { WireOf } from '@caravan/ui/wire';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, sellerCall } from '../../lib/api.ts';
import { sellerKeys } from '../../lib/query-keys.ts';

export type SellerGoodsPage = WireOf<typeof sellerGoodsListOutput>;
export type CataloguePage = WireOf<typeof systemGoodsListOutput>;
export type ProductParams = WireOf<typeof productParamsOutput>;

/** Shortest keyword the catalogue suggests for. */
export const SUGGEST_MIN_LENGTH = 2;

export interface GoodsFilter {
  pageNum: number;
  pageSize: number;
  name?: string | undefined;
  categoryId?: string | undefined;
  /** '1' on shelf, '0' off */
  isShelf?: string | undefined;
}

export const goodsQuery = (filter: GoodsFilter) =>
  queryOptions({
    queryKey: [...sellerKeys.goods(), filter],
    queryFn: () => sellerCall<SellerGoodsPage>('goods!list', { ...filter }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export interface CatalogueFilter {
  pageNum: number;
  pageSize: number;
  name?: string | undefined;
  categoryId?: string | undefined;
  /** '1': only goods the shop does not list yet */
  unlisted?: string | undefined;
}

export const catalogueQuery = (filter: CatalogueFilter) =>
  queryOptions({
    queryKey: [...sellerKeys.catalogue(), filter],
    queryFn: () => sellerCall<CataloguePage>('systemGoods!list', { ...filter }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export const suggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: sellerKeys.suggestions(keyword),
    queryFn: () => sellerCall<WireOf<typeof systemGoodsSuggestOutput>>('systemGoods!search-keyword', { keyword }, { silent: true }),
    enabled: keyword.trim().length >= SUGGEST_MIN_LENGTH,
    staleTime: 60_000,
  });

export const productParamsQuery = queryOptions({
  queryKey: sellerKeys.productParams(),
  queryFn: () => api.call<ProductParams>('sysParaProduct!info', {}, { silent: true }),
  staleTime: 5 * 60_000,
});

/** category!tree: two levels, names in the request language (the filters' choices). */
export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'category-tree'],
  queryFn: () => api.call<CategoryNode[]>('category!tree', {}, { silent: true }),
  staleTime: 10 * 60_000,
});

export interface DiscountParams {
  discount: string;
  startTime: string;
  endTime: string;
}

export interface AddGoodsParams {
  goodsIds: string[];
  /** the profit ratio */
  percent: string;
  discount?: DiscountParams | undefined;
}

/** Everything a listing change touches: the lists, the catalogue's "listed" marks and the dashboard. */
function invalidateListings(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const key of [sellerKeys.goods(), sellerKeys.catalogue(), sellerKeys.overview()]) void queryClient.invalidateQueries({ queryKey: key });
}

export function useAddGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: AddGoodsParams) =>
      sellerCall<WireOf<typeof sellerGoodsAddOutput>>('goods!addOrUpdate', { goodsIds: params.goodsIds.join(','), percent: params.percent, ...(params.discount ?? {}) }, { silent: true }),
    onSuccess: () => invalidateListings(queryClient),
  });
}

export interface UpdateListingParams {
  id: string;
  percent?: string;
  isShelf?: '0' | '1';
  discount?: DiscountParams | undefined;
  clearDiscount?: boolean;
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, percent, isShelf, discount, clearDiscount }: UpdateListingParams) =>
      sellerCall<unknown>('goods!update', { id, percent, isShelf, ...(discount ?? {}), ...(clearDiscount ? { clearDiscount: '1' } : {}) }, { silent: true }),
    onSuccess: () => invalidateListings(queryClient),
  });
}

export function useDeleteListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => sellerCall<WireOf<typeof sellerGoodsDeleteOutput>>('goods!delete', { id: ids.join(',') }, { silent: true }),
    onSuccess: () => invalidateListings(queryClient),
  });
}
