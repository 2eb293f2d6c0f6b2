import type { QueryClient } from '@tanstack/react-query';
import { orderKeys, WALLET_QUERY_ROOT } from './order-keys.ts';

/**
 * After any order action, succeeded or not (a refusal often means the order changed meanwhile), the
 * lists, counts and details are read again.
 */
export function invalidateOrders(client: QueryClient, options: { wallet?: boolean } = {}): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: orderKeys.all }),
    options.wallet ? client.invalidateQueries({ queryKey: WALLET_QUERY_ROOT }) : undefined,
  ]);
}
