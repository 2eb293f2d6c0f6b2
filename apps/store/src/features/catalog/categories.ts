// Finding a category in the two-level tree (category!tree), e.g. for a categoryId from the URL.

export interface CategoryLike {
  categoryId: string;
  name: string;
  subList: CategoryLike[];
}

export interface CategoryPath<T extends CategoryLike> {
  top: T;
  /** set when the id is a second-level category */
  sub: T | undefined;
}

/** The top-level category (and the sub-category) an id names; undefined when it is not in the tree. */
export function findCategory<T extends CategoryLike>(tree: readonly T[] | undefined, categoryId: string | undefined): CategoryPath<T> | undefined {
  if (!tree || !categoryId) return undefined;
  for (const top of tree) {
    if (top.categoryId === categoryId) return { top, sub: undefined };
    const sub = (top.subList as T[]).find((child) => child.categoryId === categoryId);
    if (sub) return { top, sub };
  }
  return undefined;
}
