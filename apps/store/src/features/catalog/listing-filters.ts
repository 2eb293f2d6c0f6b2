// The goods listings' state lives in the URL (so it can be linked, shared and restored by "back"):
// flags isNew / isHot / isRec / discount ("1"), sort, categoryId and page. This module reads that
// state, writes it back, and turns it into sellerGoods!list / sellerGoods!search parameters.
import { parsePage } from './paging.ts';

/** What sellerGoods!list and sellerGoods!search sort by (isPrice 1 ascending, 2 descending). */
export const GOODS_SORTS = ['default', 'price_asc', 'price_desc'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];

export const LISTING_FLAGS = ['isNew', 'isHot', 'isRec', 'discount'] as const;
export type ListingFlag = (typeof LISTING_FLAGS)[number];

export interface ListingFilters {
  isNew: boolean;
  isHot: boolean;
  isRec: boolean;
  discount: boolean;
  sort: GoodsSort;
  categoryId: string | undefined;
  page: number;
}

const ID = /^[0-9a-f]{32}$/;

/** A 32-hex id from the URL, or undefined (junk is not sent to the server). */
export function parseId(raw: string | null | undefined): string | undefined {
  const value = raw?.trim().toLowerCase();
  return value && ID.test(value) ? value : undefined;
}

function flag(raw: string | null): boolean {
  return raw === '1' || raw === 'true';
}

function sortOf(raw: string | null): GoodsSort {
  return (GOODS_SORTS as readonly string[]).includes(raw ?? '') ? (raw as GoodsSort) : 'default';
}

export function readListingFilters(params: URLSearchParams): ListingFilters {
  return {
    isNew: flag(params.get('isNew')),
    isHot: flag(params.get('isHot')),
    isRec: flag(params.get('isRec')),
    discount: flag(params.get('discount')),
    sort: sortOf(params.get('sort')),
    categoryId: parseId(params.get('categoryId')),
    page: parsePage(params.get('page')),
  };
}

/**
 * The URL query for a change of filters. Any change other than the page itself goes back to page 1;
 * defaults are left out so links stay short. Unrelated parameters (e.g. `k`) are kept.
 */
export function writeListingFilters(current: URLSearchParams, change: Partial<ListingFilters>): URLSearchParams {
  const next = new URLSearchParams(current);
  const merged = { ...readListingFilters(current), ...change };
  if (!('page' in change)) merged.page = 1;
  for (const key of LISTING_FLAGS) {
    if (merged[key]) next.set(key, '1');
    else next.delete(key);
  }
  if (merged.sort === 'default') next.delete('sort');
  else next.set('sort', merged.sort);
  if (merged.categoryId && ID.test(merged.categoryId)) next.set('categoryId', merged.categoryId);
  else next.delete('categoryId');
  if (merged.page > 1) next.set('page', String(merged.page));
  else next.delete('page');
  return next;
}

export type GoodsQueryParams = Partial<Record<ListingFlag, '1'>> & { isPrice?: '1' | '2'; categoryId?: string };

/** Listing filters -> the call's flags: "1" for a set flag, absent otherwise; isPrice from the sort. */
export function goodsQueryParams(filters: Pick<ListingFilters, ListingFlag | 'sort'> & { categoryId?: string | undefined }): GoodsQueryParams {
  const params: GoodsQueryParams = {};
  for (const key of LISTING_FLAGS) if (filters[key]) params[key] = '1';
  if (filters.sort === 'price_asc') params.isPrice = '1';
  if (filters.sort === 'price_desc') params.isPrice = '2';
  if (filters.categoryId && ID.test(filters.categoryId)) params.categoryId = filters.categoryId;
  return params;
}
