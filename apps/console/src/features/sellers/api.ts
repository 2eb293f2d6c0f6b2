import { consoleSellerApplication, consoleSellerApplicationDetail, consoleSellerApplicationPage } from '@caravan/contract/sellers';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { COUNT_REFRESH_MS } from '../recharges/api.ts';

export type SellerApplication = z.output<typeof consoleSellerApplication>;
export type SellerApplicationDetail = z.output<typeof consoleSellerApplicationDetail>;

export const sellerApplicationsQuery = (filter: Query) =>
  queryOptions({ queryKey: ['seller-applications', 'list', filter], queryFn: () => api.get('/seller-applications', consoleSellerApplicationPage, filter) });

export const sellerApplicationQuery = (id: string) =>
  queryOptions({ queryKey: ['seller-applications', 'one', id], queryFn: () => api.get(`/seller-applications/${encodeURIComponent(id)}`, consoleSellerApplicationDetail) });

export const pendingSellerApplicationsCount = queryOptions({
  queryKey: ['seller-applications', 'pending-count'],
  queryFn: async () => (await api.get('/seller-applications', consoleSellerApplicationPage, { state: 'pending', pageSize: 1 })).total,
  refetchInterval: COUNT_REFRESH_MS,
});

/** Approve (opens the shop; the reason is optional) or reject (the reason is required and shown to the applicant). */
export function useSellerApplicationDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      api.post(`/seller-applications/${encodeURIComponent(id)}/${decision}`, consoleSellerApplication, decision === 'approve' ? (reason ? { reason } : {}) : { reason }),
    onSuccess: () => Promise.all(['seller-applications', 'shops', 'dashboard'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
