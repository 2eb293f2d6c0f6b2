import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateOrders } from './invalidate.ts';

export interface PayOrdersInput {
  orderIds: readonly string[];
  /** the fund password */
  safeword: string;
  /** one per intent to pay (payment-intent.ts) */
  idempotencyKey: string;
}

/** order!pay: pays one or several orders from the wallet, all or nothing. Failures show the server's toast. */
export function payOrders({ orderIds, safeword, idempotencyKey }: PayOrdersInput): Promise<null> {
  return api.call<null>('order!pay', { orderId: orderIds.join(','), safeword }, { idempotencyKey });
}

export function usePayOrders() {
  const client = useQueryClient();
  return useMutation({ mutationFn: payOrders, onSettled: () => invalidateOrders(client, { wallet: true }) });
}
