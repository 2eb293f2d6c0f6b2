import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { EvaluationAddList } from '../review-request.ts';
import { invalidateOrders } from './invalidate.ts';

/** evaluation!addList (JSON body): reviews of an order's products; the last one completes the order. */
export function submitReviews(body: EvaluationAddList): Promise<null> {
  return api.postJson<null>('evaluation!addList', body);
}

export function useSubmitReviews() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitReviews, onSettled: () => invalidateOrders(client) });
}
