// Query keys of the loan feature; prefixes let a mutation invalidate every page of the history.
export const creditKeys = {
  all: ['credit'] as const,
  check: () => ['credit', 'check'] as const,
  config: () => ['credit', 'config'] as const,
  bill: () => ['credit', 'bill'] as const,
  history: () => ['credit', 'history'] as const,
  historyPage: (pageNum: number, pageSize: number) => ['credit', 'history', pageNum, pageSize] as const,
  beforePay: (creditId: string) => ['credit', 'before-pay', creditId] as const,
  beforeReapply: (creditId: string) => ['credit', 'before-reapply', creditId] as const,
};
