import { describe, expect, it } from 'vitest';
import { findCategory } from '../../src/features/catalog/categories.ts';

const tree = [
  { categoryId: 'women', name: 'Women', subList: [{ categoryId: 'dresses', name: 'Dresses', subList: [] }] },
  { categoryId: 'shoes', name: 'Shoes', subList: [] },
];

describe('findCategory', () => {
  it('finds a top-level category', () => {
    expect(findCategory(tree, 'shoes')).toEqual({ top: tree[1], sub: undefined });
  });

  it('finds a second-level category with its parent', () => {
    expect(findCategory(tree, 'dresses')).toEqual({ top: tree[0], sub: tree[0]?.subList[0] });
  });

  it('finds nothing for unknown ids, no id or no tree yet', () => {
    expect(findCategory(tree, 'bags')).toBeUndefined();
    expect(findCategory(tree, undefined)).toBeUndefined();
    expect(findCategory(undefined, 'shoes')).toBeUndefined();
    expect(findCategory([], 'shoes')).toBeUndefined();
  });
});
