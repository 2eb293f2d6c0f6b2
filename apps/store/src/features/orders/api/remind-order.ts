import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateOrders } from './invalidate.ts';

/** order!remind: asks the seller to ship, once per order (a repeat gets the server's "already reminded"). */
export function remindOrder(orderId: string): Promise<null> {
  return api.call<null>('order!remind', { orderId });
}

export function useRemindOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: remindOrder, onSettled: () => invalidateOrders(client) });
}
