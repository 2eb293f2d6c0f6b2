import { consoleOrder, consoleOrderDetail, consolePage, type manualRefundBody } from '@caravan/contract/console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { COUNT_REFRESH_MS } from '../recharges/api.ts';

export type Order = z.output<typeof consoleOrder>;
export type OrderDetail = z.output<typeof consoleOrderDetail>;

export const ordersQuery = (filter: Query) => queryOptions({ queryKey: ['orders', 'list', filter], queryFn: () => api.get('/orders', consolePage(consoleOrder), filter) });

export const orderQuery = (id: string) => queryOptions({ queryKey: ['orders', 'one', id], queryFn: () => api.get(`/orders/${encodeURIComponent(id)}`, consoleOrderDetail) });

/** Refunds waiting for a decision. */
export const pendingRefundsCount = queryOptions({
  queryKey: ['orders', 'refund-count'],
  queryFn: async () => (await api.get('/orders', consolePage(consoleOrder), { refundState: 'requested', pageSize: 1 })).total,
  refetchInterval: COUNT_REFRESH_MS,
});

export type OrderAction =
  | { kind: 'ship'; reason: string }
  | { kind: 'refund-approve'; reason: string }
  | { kind: 'refund-reject'; reason: string }
  | ({ kind: 'refund-manual' } & z.input<typeof manualRefundBody>);

const PATHS: Record<OrderAction['kind'], string> = { ship: 'ship', 'refund-approve': 'refund/approve', 'refund-reject': 'refund/reject', 'refund-manual': 'refund' };

export function useOrderAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: OrderAction) => {
      const payload = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== undefined));
      return api.post(`/orders/${encodeURIComponent(id)}/${PATHS[kind]}`, consoleOrderDetail, payload);
    },
    onSuccess: (detail) => {
      client.setQueryData(orderQuery(id).queryKey, detail);
      return Promise.all([client.invalidateQueries({ queryKey: ['orders', 'list'] }), client.invalidateQueries({ queryKey: ['orders', 'refund-count'] }), client.invalidateQueries({ queryKey: ['dashboard'] })]);
    },
  });
}
