import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { OrderCounts } from '../types.ts';
import { orderKeys } from './order-keys.ts';

/** order!countOrderStatus: numbers for the tab badges (a missing badge is not worth a toast). */
export function getOrderCounts(signal?: AbortSignal): Promise<OrderCounts> {
  return api.call<OrderCounts>('order!countOrderStatus', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function orderCountsQueryOptions() {
  return queryOptions({ queryKey: orderKeys.counts(), queryFn: ({ signal }) => getOrderCounts(signal) });
}

export function useOrderCounts() {
  return useQuery(orderCountsQueryOptions());
}
