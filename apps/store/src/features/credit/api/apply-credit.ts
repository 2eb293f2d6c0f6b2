import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ApplyParams } from '../credit-rules.ts';
import { refreshAfterChange } from './credit-keys.ts';

/** credit!apply: a new application (or a re-application with `creditId`), one idempotency key per intent. */
export function applyCredit(params: ApplyParams, idempotencyKey: string): Promise<null> {
  return api.call<null>('credit!apply', { ...params }, { idempotencyKey });
}

export function useApplyCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ params, idempotencyKey }: { params: ApplyParams; idempotencyKey: string }) => applyCredit(params, idempotencyKey),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
