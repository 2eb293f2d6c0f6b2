import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CategoryNode } from '../types.ts';

/** category!tree: two levels, names in the request language. */
export function getCategoryTree(): Promise<CategoryNode[]> {
  return api.call<CategoryNode[]>('category!tree', {}, { silent: true });
}

export const categoryTreeQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'category-tree'], queryFn: getCategoryTree, staleTime: 10 * 60_000 });

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}
