import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ORDER_PAGE_SIZE } from '../order-rules.ts';
import type { OrderPage } from '../types.ts';
import { orderKeys } from './order-keys.ts';

export interface OrdersQuery {
  /** legacy status -1..6; undefined for every order */
  status: number | undefined;
  pageNum: number;
}

/** order!listMain: the buyer's orders, newest first, 20 a page. Errors are shown by the list itself. */
export function getOrders({ status, pageNum }: OrdersQuery, signal?: AbortSignal): Promise<OrderPage> {
  return api.call<OrderPage>('order!listMain', { status, pageNum, pageSize: ORDER_PAGE_SIZE }, { silent: true, ...(signal ? { signal } : {}) });
}

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query.status, query.pageNum),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}
