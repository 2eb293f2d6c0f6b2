// order!submit: one order per seller, priced by the server, sent with an idempotency key.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { PlacedOrder } from '../lib/order-summary.ts';

export interface SubmitOrderInput {
  orderInfo: string;
  addressId: string;
  idempotencyKey: string;
}

export async function submitOrder(input: SubmitOrderInput): Promise<PlacedOrder[]> {
  const data = await api.call<{ orderList?: PlacedOrder[] } | null>(
    'order!submit',
    { orderInfo: input.orderInfo, addressId: input.addressId },
    // the page shows the refusal next to the button
    { silent: true, idempotencyKey: input.idempotencyKey },
  );
  return data?.orderList ?? [];
}

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    // new orders "to pay" in the order list and its counters
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
