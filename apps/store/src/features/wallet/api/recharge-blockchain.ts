import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { createIntentTracker, fingerprintOf, isUnanswered, runIntent } from '@caravan/ui/wallet/submit-intent';
import { openRechargeSession } from './open-session.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

export interface BlockchainRechargeParams {
  amount: string;
  coin: string;
  blockchain_name: string;
  /** the platform address shown to the user */
  channel_address: string;
  /** the uploaded payment-proof screenshot */
  img: string;
  /** the address the user sent from */
  from: string;
  /** the transaction hash, when the user has it */
  tx?: string | undefined;
}

const ACTION = 'rechargeBlockchain!recharge';

/** rechargeBlockchain!recharge: reports a transfer with its proof; an operator reviews it. */
export function rechargeBlockchain(params: BlockchainRechargeParams, intent: { key: string; sessionToken: string }): Promise<{ order_no: string }> {
  return api.call<{ order_no: string }>(ACTION, { session_token: intent.sessionToken, ...params }, { idempotencyKey: intent.key });
}

/** `onRefused`: the server refused the recharge call itself (the page then goes back to the wallet). */
export function useRechargeBlockchain(options: { onRefused?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [tracker] = useState(createIntentTracker);
  return useMutation({
    mutationFn: (params: BlockchainRechargeParams) =>
      runIntent(tracker, fingerprintOf(ACTION, { ...params }), openRechargeSession, async (intent) => {
        try {
          return await rechargeBlockchain(params, intent);
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
