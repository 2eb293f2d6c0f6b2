// order!pay: the placed orders paid from the wallet with the fund password, all or nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface PayOrdersInput {
  orderIds: readonly string[];
  safeword: string;
  idempotencyKey: string;
}

export async function payOrders(input: PayOrdersInput): Promise<void> {
  await api.call<null>('order!pay', { orderId: input.orderIds.join(','), safeword: input.safeword }, { silent: true, idempotencyKey: input.idempotencyKey });
}

export function usePayOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrders,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['wallet'] }), queryClient.invalidateQueries({ queryKey: ['orders'] })]),
  });
}
