import { consolePage, consoleRecharge } from '@caravan/contract/console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Recharge = z.output<typeof consoleRecharge>;
/** Query values as the URL holds them; the server validates them against rechargeQuery. */
export type RechargeFilter = Query;

/** Navigation counts refresh on their own this often, so new work shows without a reload. */
export const COUNT_REFRESH_MS = 30_000;

export const rechargesQuery = (filter: RechargeFilter) =>
  queryOptions({ queryKey: ['recharges', 'list', filter], queryFn: () => api.get('/recharges', consolePage(consoleRecharge), filter) });

export const rechargeQuery = (id: string) => queryOptions({ queryKey: ['recharges', 'one', id], queryFn: () => api.get(`/recharges/${encodeURIComponent(id)}`, consoleRecharge) });

export const pendingRechargesCount = queryOptions({
  queryKey: ['recharges', 'pending-count'],
  queryFn: async () => (await api.get('/recharges', consolePage(consoleRecharge), { state: 'pending', pageSize: 1 })).total,
  refetchInterval: COUNT_REFRESH_MS,
});

/** Approve or reject; the queue, the counts and the dashboard refresh afterwards. */
export function useRechargeDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason, amount }: { id: string; decision: 'approve' | 'reject'; reason: string; amount?: string }) =>
      api.post(
        `/recharges/${encodeURIComponent(id)}/${decision}`,
        consoleRecharge,
        decision === 'approve' ? { ...(reason ? { reason } : {}), ...(amount ? { amount } : {}) } : { reason },
      ),
    onSuccess: () => Promise.all(['recharges', 'statement', 'dashboard'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
