import { describe, expect, it } from 'vitest';
import { CART_BAR_PATHS, showsCartBar } from '../../src/features/cart/lib/cart-bar-routes.ts';
import { groupLinesBySeller, tickState } from '../../src/features/cart/lib/cart-groups.ts';
import { parseQuantity, quantityMessage } from '../../src/features/cart/lib/quantity-message.ts';
import { line } from './fixtures.ts';

describe('showsCartBar', () => {
  it('shows on the eight pages of the spec', () => {
    expect(CART_BAR_PATHS).toHaveLength(8);
    for (const path of CART_BAR_PATHS) expect(showsCartBar(path)).toBe(true);
    expect(showsCartBar('/productDetails/')).toBe(true);
    expect(showsCartBar('/productdetails')).toBe(true);
  });

  it('hides everywhere else', () => {
    for (const path of ['/', '/settlement', '/paySuccess', '/login', '/userInfo', '/userInfo/my-order', '/userInfo/dashboard/x', '/indexes', '/searchGoods']) {
      expect(showsCartBar(path)).toBe(false);
    }
  });
});

describe('groupLinesBySeller', () => {
  it('keeps every line, ticked or not, under its seller in first-seen order', () => {
    const a1 = line({ seller: { id: 'a', name: 'A' } });
    const b1 = line({ seller: { id: 'b', name: 'B' }, checked: false });
    const a2 = line({ seller: { id: 'a', name: 'A' }, checked: false });
    const groups = groupLinesBySeller([a1, b1, a2]);
    expect(groups.map((group) => [group.seller.id, group.lines.length, group.tick])).toEqual([
      ['a', 2, 'some'],
      ['b', 1, 'none'],
    ]);
  });

  it('gives the tick state of a set of lines', () => {
    expect(tickState([])).toBe('none');
    expect(tickState([line(), line()])).toBe('all');
    expect(tickState([line(), line({ checked: false })])).toBe('some');
  });
});

describe('quantity messages', () => {
  it('names the bound that was crossed', () => {
    expect(quantityMessage('quantity_below_min', 5, 500)).toEqual({ key: 'quantity.belowMin', values: { min: 5 } });
    expect(quantityMessage('quantity_below_min', 0, 500)).toEqual({ key: 'quantity.belowMin', values: { min: 1 } });
    expect(quantityMessage('quantity_above_max', 1, 200)).toEqual({ key: 'quantity.aboveMax', values: { max: 200 } });
    expect(quantityMessage('quantity_invalid', 1, 500).key).toBe('quantity.invalid');
  });

  it('reads typed quantities as whole numbers only', () => {
    expect(parseQuantity(' 12 ')).toBe(12);
    for (const text of ['', '1.5', '-2', '1e3', 'ten', '12a']) expect(parseQuantity(text)).toBeNaN();
  });
});
