import type { QueryClient } from '@tanstack/react-query';

// Query keys of the loan feature; prefixes let a mutation invalidate every page of the history.
export const creditKeys = {
  all: ['credit'] as const,
  check: () => ['credit', 'check'] as const,
  config: () => ['credit', 'config'] as const,
  bill: () => ['credit', 'bill'] as const,
  history: () => ['credit', 'history'] as const,
  historyPage: (pageNum: number, pageSize: number) => ['credit', 'history', pageNum, pageSize] as const,
  beforePays: () => ['credit', 'before-pay'] as const,
  beforePay: (creditId: string) => ['credit', 'before-pay', creditId] as const,
  beforeReapplies: () => ['credit', 'before-reapply'] as const,
  beforeReapply: (creditId: string) => ['credit', 'before-reapply', creditId] as const,
};

/**
 * After applying or repaying: what the user's loans look like now. The answers about one loan before
 * an action (beforepay, beforereapply) are only marked stale, not fetched again while their dialog or
 * page is still open: the loan they were about has moved on, and asking again would only earn a refusal
 * ("this loan cannot be repaid now") as a toast.
 */
export function refreshAfterChange(queryClient: QueryClient): Promise<unknown> {
  void queryClient.invalidateQueries({ queryKey: creditKeys.beforePays(), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: creditKeys.beforeReapplies(), refetchType: 'none' });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: creditKeys.check() }),
    queryClient.invalidateQueries({ queryKey: creditKeys.bill() }),
    queryClient.invalidateQueries({ queryKey: creditKeys.history() }),
  ]);
}
