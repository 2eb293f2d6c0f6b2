import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { OrderInfo } from '../types.ts';
import { orderKeys } from './order-keys.ts';

/** order!info: one of the buyer's orders (address, amounts, states, times). */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderInfo> {
  const data = await api.call<{ orderInfo: OrderInfo }>('order!info', { orderId }, { silent: true, ...(signal ? { signal } : {}) });
  return data.orderInfo;
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });
}

export function useOrder(orderId: string, enabled = true) {
  return useQuery({ ...orderQueryOptions(orderId), enabled });
}
