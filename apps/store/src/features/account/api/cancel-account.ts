// user!logoff: cancels the account. The server refuses while money or orders are still open; on
// success every session of the user is revoked, so this browser forgets its session too, but only
// once the user centre is gone: see AccountCancelledFarewell.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface CancelAccountInput {
  account: string;
  reason: string;
  /** only when the user has a fund password */
  cashPassword?: string;
}

export function cancelAccount(input: CancelAccountInput): Promise<null> {
  return api.call<null>('user!logoff', { ...input }, { silent: true });
}

/** Navigation state that asks the app shell to forget the cancelled account's session. */
export const ACCOUNT_CANCELLED_STATE = { accountCancelled: true } as const;

export function isAccountCancelledState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { accountCancelled?: unknown }).accountCancelled === true;
}

/**
 * `leave` moves away from the user centre with ACCOUNT_CANCELLED_STATE: clearing the session while its
 * pages are still shown would send the user to the login page instead.
 */
export function useCancelAccount(leave: () => Promise<void> | void) {
  return useMutation({
    mutationFn: cancelAccount,
    onSuccess: async () => {
      await leave();
    },
  });
}
