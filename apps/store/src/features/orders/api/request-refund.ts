import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { RefundParams } from '../refund-request.ts';
import { invalidateOrders } from './invalidate.ts';

/** order!returns: a refund (before shipping) or a return (after receipt); params from buildRefundRequest. */
export function requestRefund(params: RefundParams): Promise<null> {
  return api.call<null>('order!returns', params);
}

export function useRequestRefund() {
  const client = useQueryClient();
  return useMutation({ mutationFn: requestRefund, onSettled: () => invalidateOrders(client) });
}
