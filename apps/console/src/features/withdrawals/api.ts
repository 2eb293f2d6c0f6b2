import { consolePage, consoleWithdrawal } from '@caravan/contract/console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { COUNT_REFRESH_MS } from '../recharges/api.ts';

export type Withdrawal = z.output<typeof consoleWithdrawal>;

export const withdrawalsQuery = (filter: Query) =>
  queryOptions({ queryKey: ['withdrawals', 'list', filter], queryFn: () => api.get('/withdrawals', consolePage(consoleWithdrawal), filter) });

export const withdrawalQuery = (id: string) => queryOptions({ queryKey: ['withdrawals', 'one', id], queryFn: () => api.get(`/withdrawals/${encodeURIComponent(id)}`, consoleWithdrawal) });

export const pendingWithdrawalsCount = queryOptions({
  queryKey: ['withdrawals', 'pending-count'],
  queryFn: async () => (await api.get('/withdrawals', consolePage(consoleWithdrawal), { state: 'pending', pageSize: 1 })).total,
  refetchInterval: COUNT_REFRESH_MS,
});

export function useWithdrawalDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'approve'; txHash: string; reason: string; reviewConfirmed: boolean } | { id: string; decision: 'reject'; reason: string }) =>
      api.post(
        `/withdrawals/${encodeURIComponent(input.id)}/${input.decision}`,
        consoleWithdrawal,
        input.decision === 'approve'
          ? { txHash: input.txHash, ...(input.reason ? { reason: input.reason } : {}), ...(input.reviewConfirmed ? { reviewConfirmed: true } : {}) }
          : { reason: input.reason },
      ),
    onSuccess: () => Promise.all(['withdrawals', 'statement', 'dashboard'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
