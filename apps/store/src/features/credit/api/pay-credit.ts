import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from '../../wallet/api/wallet-keys.ts';
import { isFundPasswordMissing } from '../../wallet/api/apply-withdraw.ts';
import { creditKeys } from './credit-keys.ts';

export interface PayCreditInput {
  creditId: string;
  /** the fund password */
  safeword: string;
  /** one per intent to repay (orders/payment-intent.ts) */
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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.balance() }),
        queryClient.invalidateQueries({ queryKey: walletKeys.statements() }),
      ]),
    onError: (error) => {
      if (isFundPasswordMissing(error)) void queryClient.invalidateQueries({ queryKey: walletKeys.fundPassword() });
    },
  });
}
