import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { createIntentTracker, fingerprintOf, isUnanswered, runIntent } from '@caravan/ui/wallet/submit-intent';
import { openRechargeSession } from './open-session.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

export interface BankCardRechargeParams {
  amount: string;
  bankName: string;
  /** digits only */
  cardNumber: string;
}

const ACTION = 'bankCardRecharge!recharge';

/** bankCardRecharge!recharge: a bank-card deposit (USD), reviewed like a blockchain one. */
export function rechargeBankCard(params: BankCardRechargeParams, intent: { key: string; sessionToken: string }): Promise<{ order_no: string }> {
  return api.call<{ order_no: string }>(ACTION, { session_token: intent.sessionToken, ...params }, { idempotencyKey: intent.key });
}

export function useBankCardRecharge(options: { onRefused?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [tracker] = useState(createIntentTracker);
  return useMutation({
    mutationFn: (params: BankCardRechargeParams) =>
      runIntent(tracker, fingerprintOf(ACTION, { ...params }), openRechargeSession, async (intent) => {
        try {
          return await rechargeBankCard(params, intent);
        } catch (error) {
          if (!isUnanswered(error)) options.onRefused?.();
          throw error;
        }
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.rechargeRecords() });
    },
  });
}
