import type { SettleStatus } from '@caravan/contract/sellers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import type { SettleParams } from '../settle-rules.ts';

export const settleKeys = {
  status: (viewer: string) => ['sellers', 'settle-status', viewer] as const,
};

/** merchantSettled!get: the user's latest application and whether the account already has a shop. */
export function getSettleStatus(): Promise<SettleStatus> {
  return api.call<SettleStatus>('merchantSettled!get');
}

export const settleStatusQueryOptions = (viewer: string) => queryOptions({ queryKey: settleKeys.status(viewer), queryFn: getSettleStatus, staleTime: 0 });

/** Keyed by the signed-in user (usercode), so another login on the same tab never sees this one's answer. */
export function useSettleViewer(): string | undefined {
  const { token, user } = useSession();
  return token ? (user?.usercode ?? 'user') : undefined;
}

export function useSettleStatus(viewer: string | undefined) {
  return useQuery({ ...settleStatusQueryOptions(viewer ?? ''), enabled: Boolean(viewer) });
}

/** merchantSettled!apply: apply (or apply again after a refusal); the answer is the new status. */
export function applySettle(params: SettleParams): Promise<SettleStatus> {
  return api.call<SettleStatus>('merchantSettled!apply', { ...params });
}

export function useApplySettle(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // a second submit is refused by the server (one application waiting at a time), so no idempotency key
    mutationFn: (params: SettleParams) => applySettle(params),
    onSuccess: (status) => queryClient.setQueryData(settleKeys.status(viewer), status),
  });
}
