// Query keys of the orders feature; every order mutation invalidates the whole ['orders'] family,
// since one change (a payment, a refund) moves an order between tabs, counts and its detail.
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (status: number | undefined, pageNum: number) => ['orders', 'list', status ?? 'all', pageNum] as const,
  counts: () => ['orders', 'counts'] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  goods: (orderId: string) => ['orders', 'goods', orderId] as const,
  log: (orderId: string) => ['orders', 'log', orderId] as const,
};

/**
 * Paying moves wallet money. The wallet feature owns its queries; without importing it, its whole
 * ['wallet'] family is marked stale so the balance is read again.
 */
export const WALLET_QUERY_ROOT = ['wallet'] as const;
