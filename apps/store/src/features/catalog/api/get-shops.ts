import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { PageData, SellerVo } from '../types.ts';

/** seller!list: open shops; recommended ones only with isRec. */
export function getShops(params: { pageNum: number; pageSize: number; isRec?: boolean }): Promise<PageData<SellerVo>> {
  return api.call<PageData<SellerVo>>(
    'seller!list',
    { pageNum: params.pageNum, pageSize: params.pageSize, ...(params.isRec ? { isRec: '1' } : {}) },
    { silent: true },
  );
}

export const shopsQueryOptions = (params: { pageNum: number; pageSize: number; isRec?: boolean }) =>
  queryOptions({ queryKey: ['catalog', 'shops', params], queryFn: () => getShops(params) });

export function useShops(params: { pageNum: number; pageSize: number; isRec?: boolean }) {
  return useQuery(shopsQueryOptions(params));
}
