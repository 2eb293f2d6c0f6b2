import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { thirdPartyCallOf } from '../channel-rules.ts';
import { createIntentTracker, fingerprintOf, isUnanswered, runIntent } from '@caravan/ui/wallet/submit-intent';
import { openRechargeSession } from './open-session.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

export interface ThirdPartyRechargeParams {
  productType: string;
  amount: string;
  /** the fiat currency: one of the channel's bank codes */
  frenchCurrency: string;
  /** where the payment page sends the buyer back to */
  pageUrl: string;
}

/** thirdPartyRecharge!<call of the channel>: answers the URL of the payment page. */
export function rechargeThirdParty(params: ThirdPartyRechargeParams, intent: { key: string; sessionToken: string }): Promise<string> {
  const { productType, ...rest } = params;
  return api.call<string>(thirdPartyCallOf(productType), { session_token: intent.sessionToken, ...rest }, { idempotencyKey: intent.key });
}

export function useThirdPartyRecharge(options: { onRefused?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [tracker] = useState(createIntentTracker);
  return useMutation({
    mutationFn: (params: ThirdPartyRechargeParams) =>
      runIntent(tracker, fingerprintOf(thirdPartyCallOf(params.productType), { ...params }), openRechargeSession, async (intent) => {
        try {
          return await rechargeThirdParty(params, intent);
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
