import type { CategoryNode } from '@caravan/contract/catalog';

export interface CategoryOption {
  value: string;
  title: string;
  children?: CategoryOption[];
}

/** category!tree as the filters' tree of choices (the category id, both levels). */
export function categoryTree(nodes: readonly CategoryNode[] | undefined): CategoryOption[] {
  return (nodes ?? []).map((node) => ({
    value: node.categoryId,
    title: node.name,
    ...(node.subList && node.subList.length > 0 ? { children: categoryTree(node.subList) } : {}),
  }));
}
