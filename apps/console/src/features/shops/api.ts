import { consoleShop, consoleShopPage } from '@caravan/contract/catalog-console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Shop = z.output<typeof consoleShop>;

export const shopsQuery = (filter: Query) => queryOptions({ queryKey: ['shops', 'list', filter], queryFn: () => api.get('/shops', consoleShopPage, filter) });

/** Suspend an open shop or reopen a suspended one, with a reason; the list refreshes. */
export function useShopDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'suspend' | 'reopen'; reason: string }) => api.post(`/shops/${encodeURIComponent(id)}/${decision}`, consoleShop, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['shops'] }),
  });
}
