import { consoleLoan, consoleLoanDetail, consoleLoanPage } from '@caravan/contract/loans';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { COUNT_REFRESH_MS } from '../recharges/api.ts';

export type Loan = z.output<typeof consoleLoan>;
export type LoanDetail = z.output<typeof consoleLoanDetail>;

export const loansQuery = (filter: Query) => queryOptions({ queryKey: ['loans', 'list', filter], queryFn: () => api.get('/loans', consoleLoanPage, filter) });

export const loanQuery = (id: string) => queryOptions({ queryKey: ['loans', 'one', id], queryFn: () => api.get(`/loans/${encodeURIComponent(id)}`, consoleLoanDetail) });

export const pendingLoansCount = queryOptions({
  queryKey: ['loans', 'pending-count'],
  queryFn: async () => (await api.get('/loans', consoleLoanPage, { state: 'pending', pageSize: 1 })).total,
  refetchInterval: COUNT_REFRESH_MS,
});

/** Approve (or propose, or confirm a proposal: the server decides by the amount) or reject. */
export function useLoanDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      api.post(`/loans/${encodeURIComponent(id)}/${decision}`, consoleLoan, decision === 'approve' ? (reason ? { reason } : {}) : { reason }),
    onSuccess: () => Promise.all(['loans', 'statement', 'dashboard'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}

/** Where a loan stands in the maker-checker rule, for this operator. */
export function approvalStep(loan: Pick<Loan, 'state' | 'needsSecondApproval' | 'proposedBy'>, operatorId: string): 'none' | 'approve' | 'propose' | 'confirm' | 'waiting' {
  if (loan.state !== 'pending') return 'none';
  if (!loan.needsSecondApproval) return 'approve';
  if (!loan.proposedBy) return 'propose';
  return loan.proposedBy === operatorId ? 'waiting' : 'confirm';
}
