import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ORDER_GOODS_PAGE_SIZE } from '../order-rules.ts';
import type { OrderGoods, OrderGoodsPage } from '../types.ts';
import { orderKeys } from './order-keys.ts';

/** order!listGoods: the lines of one order with the prices paid and whether each is reviewed. */
export async function getOrderGoods(orderId: string, signal?: AbortSignal): Promise<OrderGoods[]> {
  const page = await api.call<OrderGoodsPage>('order!listGoods', { orderId, pageNum: 1, pageSize: ORDER_GOODS_PAGE_SIZE }, { silent: true, ...(signal ? { signal } : {}) });
  return page.pageList;
}

export function orderGoodsQueryOptions(orderId: string) {
  return queryOptions({ queryKey: orderKeys.goods(orderId), queryFn: ({ signal }) => getOrderGoods(orderId, signal) });
}

export function useOrderGoods(orderId: string, enabled = true) {
  return useQuery({ ...orderGoodsQueryOptions(orderId), enabled });
}
