import { consoleKycDetail, consoleKycPage, consoleKycPendingCount, consoleKycSubmission } from '@caravan/contract/kyc';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { COUNT_REFRESH_MS } from '../recharges/api.ts';

export type KycSubmission = z.output<typeof consoleKycSubmission>;
export type KycDetail = z.output<typeof consoleKycDetail>;

export const kycListQuery = (filter: Query) => queryOptions({ queryKey: ['kyc', 'list', filter], queryFn: () => api.get('/kyc', consoleKycPage, filter) });

/** One submission; its picture URLs are signed and expire, so it is fetched again when the drawer opens. */
export const kycQuery = (id: string) => queryOptions({ queryKey: ['kyc', 'one', id], queryFn: () => api.get(`/kyc/${encodeURIComponent(id)}`, consoleKycDetail), staleTime: 0 });

export const pendingKycCount = queryOptions({
  queryKey: ['kyc', 'pending-count'],
  queryFn: async () => (await api.get('/kyc/pending-count', consoleKycPendingCount)).pending,
  refetchInterval: COUNT_REFRESH_MS,
});

/** Approve (the reason is optional) or reject (the reason is required and shown to the user). */
export function useKycDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      api.post(`/kyc/${encodeURIComponent(id)}/${decision}`, consoleKycSubmission, decision === 'approve' ? (reason ? { reason } : {}) : { reason }),
    onSuccess: () => Promise.all(['kyc', 'users'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
