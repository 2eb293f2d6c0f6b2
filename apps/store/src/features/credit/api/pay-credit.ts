import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';
import { isFundPasswordMissing } from '@caravan/ui/wallet/api/apply-withdraw';
import { refreshAfterChange } from './credit-keys.ts';

export interface PayCreditInput {
  creditId: string;
  /** the fund password */
  safeword: string;
  /** one per intent to repay (cart/lib/intent-key.ts) */
  idempotencyKey: string;
}

/** credit!pay: repays the loan (principal, interest, overdue interest) from the wallet. */
export function payCredit({ creditId, safeword, idempotencyKey }: PayCreditInput): Promise<null> {
  return api.call<null>('credit!pay', { creditId, safeword }, { idempotencyKey });
}

export function usePayCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payCredit,
    onSuccess: () =>
      Promise.all([
        refreshAfterChange(queryClient),
        queryClient.invalidateQueries({ queryKey: walletKeys.balance() }),
        queryClient.invalidateQueries({ queryKey: walletKeys.statements() }),
      ]),
    onError: (error) => {
      // nothing moved; the balance may have changed meanwhile, or the fund password is still to be set
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance() });
      if (isFundPasswordMissing(error)) void queryClient.invalidateQueries({ queryKey: walletKeys.fundPassword() });
    },
  });
}
