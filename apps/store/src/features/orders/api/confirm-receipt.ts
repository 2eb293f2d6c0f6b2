import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateOrders } from './invalidate.ts';

/** order!receipt: the buyer confirms a shipped order arrived. */
export function confirmReceipt(orderId: string): Promise<null> {
  return api.call<null>('order!receipt', { orderId });
}

export function useConfirmReceipt() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmReceipt, onSettled: () => invalidateOrders(client) });
}
