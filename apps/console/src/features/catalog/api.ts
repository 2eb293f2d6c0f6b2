import { consoleCategory, consoleCategoryTree, consoleGoodsDetail, consoleGoodsPage, type categoryCreateBody, type consoleGoods, type goodsUpdateBody } from '@caravan/contract/catalog-console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Category = z.output<typeof consoleCategory>;
export type TopCategory = z.output<typeof consoleCategoryTree>['items'][number];
export type Goods = z.output<typeof consoleGoods>;
export type GoodsDetail = z.output<typeof consoleGoodsDetail>;

export const categoriesQuery = queryOptions({ queryKey: ['categories'], queryFn: async () => (await api.get('/catalog/categories', consoleCategoryTree)).items });

export type CategoryChange =
  | { kind: 'create'; body: z.input<typeof categoryCreateBody> }
  | { kind: 'update'; id: string; body: Omit<z.input<typeof categoryCreateBody>, 'parentId'> }
  | { kind: 'enable' | 'disable'; id: string; reason: string }
  | { kind: 'move'; id: string; direction: 'up' | 'down' };

/** Every change to the tree; the tree refreshes afterwards (a move answers it whole). */
export function useCategoryChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: CategoryChange) => {
      const path = (id: string, action = '') => `/catalog/categories/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
      switch (change.kind) {
        case 'create':
          return api.post('/catalog/categories', consoleCategory, change.body);
        case 'update':
          return api.post(path(change.id), consoleCategory, change.body);
        case 'move':
          return api.post(path(change.id, 'move'), consoleCategoryTree, { direction: change.direction });
        default:
          return api.post(path(change.id, change.kind), consoleCategory, { reason: change.reason });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['categories'] }),
  });
}

export const goodsListQuery = (filter: Query) => queryOptions({ queryKey: ['goods', 'list', filter], queryFn: () => api.get('/catalog/goods', consoleGoodsPage, filter) });

export const goodsQuery = (id: string) => queryOptions({ queryKey: ['goods', 'one', id], queryFn: () => api.get(`/catalog/goods/${encodeURIComponent(id)}`, consoleGoodsDetail) });

export type GoodsChange = { kind: 'update'; body: z.input<typeof goodsUpdateBody> } | { kind: 'enable' | 'disable'; reason: string };

export function useGoodsChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: GoodsChange) =>
      change.kind === 'update'
        ? api.post(`/catalog/goods/${encodeURIComponent(id)}`, consoleGoodsDetail, change.body)
        : api.post(`/catalog/goods/${encodeURIComponent(id)}/${change.kind}`, consoleGoodsDetail, { reason: change.reason }),
    onSuccess: (detail) => {
      client.setQueryData(goodsQuery(id).queryKey, detail);
      return client.invalidateQueries({ queryKey: ['goods', 'list'] });
    },
  });
}
