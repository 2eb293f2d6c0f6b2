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

/**
 * order!pay: pays one or several orders from the wallet, all or nothing. Failures show the server's
 * toast, unless `silent` (the caller shows them itself, as the checkout's pay step does).
 */
export function payOrders({ orderIds, safeword, idempotencyKey }: PayOrdersInput, options: { silent?: boolean } = {}): Promise<null> {
  return api.call<null>('order!pay', { orderId: orderIds.join(','), safeword }, { idempotencyKey, silent: options.silent === true });
}

export function usePayOrders(options: { silent?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: PayOrdersInput) => payOrders(input, options), onSettled: () => invalidateOrders(client, { wallet: true }) });
}
