// The router state /paySuccess receives from the checkout: { orderIds, total }. Read as untrusted:
// it lives in the browser history.
import { tryParseMoney } from '@caravan/contract/money';

export interface PaidState {
  orderIds: string[];
  total: string;
}

export function readPaidState(state: unknown): PaidState | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { orderIds, total } = state as { orderIds?: unknown; total?: unknown };
  if (!Array.isArray(orderIds) || orderIds.length === 0 || !orderIds.every((id) => typeof id === 'string' && id.length > 0)) return undefined;
  if (typeof total !== 'string' || !tryParseMoney(total).ok) return undefined;
  return { orderIds: orderIds as string[], total };
}
