// user!logoff: cancels the account. The server refuses while money or orders are still open; on
// success every session of the user is revoked, so this browser forgets its session too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { cart } from '../../../lib/cart-store.ts';
import { session } from '../../../lib/session.ts';

export interface CancelAccountInput {
  account: string;
  reason: string;
  /** only when the user has a fund password */
  cashPassword?: string;
}

export function cancelAccount(input: CancelAccountInput): Promise<null> {
  return api.call<null>('user!logoff', { ...input }, { silent: true });
}

/**
 * `leave` moves away from the user centre first: clearing the session while its pages are still
 * shown would send the user to the login page instead.
 */
export function useCancelAccount(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAccount,
    onSuccess: async () => {
      await leave();
      cart.empty();
      session.clear();
      queryClient.removeQueries();
    },
  });
}
