import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sortLogAscending } from '../order-rules.ts';
import type { OrderLogEntry } from '../types.ts';
import { orderKeys } from './order-keys.ts';

/** orderLog!list: the order's timeline, each entry already in the request's language (`log`). */
export async function getOrderLog(orderId: string, signal?: AbortSignal): Promise<OrderLogEntry[]> {
  const entries = await api.call<OrderLogEntry[] | null>('orderLog!list', { orderId }, { silent: true, ...(signal ? { signal } : {}) });
  return sortLogAscending(entries ?? []);
}

export function orderLogQueryOptions(orderId: string) {
  return queryOptions({ queryKey: orderKeys.log(orderId), queryFn: ({ signal }) => getOrderLog(orderId, signal) });
}

export function useOrderLog(orderId: string, enabled = true) {
  return useQuery({ ...orderLogQueryOptions(orderId), enabled });
}
