import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CancelReason } from '../order-rules.ts';
import { invalidateOrders } from './invalidate.ts';

export interface CancelOrderInput {
  orderId: string;
  reason: CancelReason;
}

/** order!cancel: an unpaid order, with one of the 5 reasons (sent as `returnReason`). */
export function cancelOrder({ orderId, reason }: CancelOrderInput): Promise<null> {
  return api.call<null>('order!cancel', { orderId, returnReason: reason });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSettled: () => invalidateOrders(client) });
}
