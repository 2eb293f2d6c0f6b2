import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, type ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import { createIntentTracker, fingerprintOf, runIntent } from '../submit-intent.ts';
import { openWithdraw } from './get-withdraw-account.ts';
import { walletKeys } from './wallet-keys.ts';

/** The legacy code of "please set a fund password first". */
export const FUND_PASSWORD_NOT_SET_CODE = '999';

export interface WithdrawParams {
  amount: string;
  safeword: string;
  /** the bound address */
  from: string;
  channel: string;
}

const ACTION = 'withdraw!apply';

/** withdraw!apply: holds the amount on the wallet until an operator pays it out or refuses it. */
export function applyWithdraw(api: ApiClient, params: WithdrawParams, intent: { key: string; sessionToken: string }): Promise<{ order_no: string }> {
  return api.call<{ order_no: string }>(ACTION, { session_token: intent.sessionToken, ...params }, { idempotencyKey: intent.key });
}

export function isFundPasswordMissing(error: unknown): boolean {
  return error instanceof ApiError && error.code === FUND_PASSWORD_NOT_SET_CODE;
}

export function useApplyWithdraw() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [tracker] = useState(createIntentTracker);
  return useMutation({
    // a fresh session_token (withdraw!withdraw_open) for each intent
    mutationFn: (params: WithdrawParams) =>
      runIntent(tracker, fingerprintOf(ACTION, { ...params }), async () => (await openWithdraw(api)).session_token, (intent) => applyWithdraw(api, params, intent)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawRecords() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.statements() });
    },
    onError: (error) => {
      if (isFundPasswordMissing(error)) void queryClient.invalidateQueries({ queryKey: walletKeys.fundPassword() });
    },
  });
}
