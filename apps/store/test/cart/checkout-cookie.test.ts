import { CHECKOUT_COOKIE, CHECKOUT_COOKIE_MAX_BYTES, CHECKOUT_COOKIE_PATH } from '@caravan/contract/server-page';
import type { CartLine } from '@caravan/ui/cart';
import { describe, expect, it } from 'vitest';
import { checkoutCookieValue, keepCheckoutCookie, readCheckoutCookie } from '../../src/features/cart/lib/checkout-cookie.ts';
import { line } from './fixtures.ts';

describe('the checkout cookie (what the server draws the /wap checkout with)', () => {
  it('carries the checked lines of the buyer\'s cart and reads back as them', () => {
    const a = line({ count: 3, name: 'Bamboo lamp "Ø 20 cm" <b>' });
    const b = line({ checked: false });
    const c = line({ checkAttrName: 'Größe: M; Farbe: Rot' });
    const value = checkoutCookieValue('1234567', [a, b, c]);
    expect(value).toBeDefined();
    // a cookie value: no separator, space or quote a browser would cut it at
    expect(value).toMatch(/^[\w%.!~*'()-]+$/);
    expect(readCheckoutCookie(value, '1234567')).toEqual([a, c]);
  });

  it('is not written with nothing to draw, for nobody, or when it would be too large', () => {
    expect(checkoutCookieValue('1234567', [])).toBeUndefined();
    expect(checkoutCookieValue('1234567', [line({ checked: false })])).toBeUndefined();
    expect(checkoutCookieValue(undefined, [line()])).toBeUndefined();
    const many = Array.from({ length: 40 }, () => line({ name: 'A long name of goods that takes room in the cookie' }));
    expect(checkoutCookieValue('1234567', many)).toBeUndefined();
    const some = many.slice(0, 5);
    expect(checkoutCookieValue('1234567', some)?.length).toBeLessThanOrEqual(CHECKOUT_COOKIE_MAX_BYTES);
  });

  it('reads nothing from another buyer\'s cookie, a broken one, a foreign shape or an oversized one', () => {
    const value = checkoutCookieValue('1234567', [line()]);
    expect(readCheckoutCookie(value, '7654321')).toEqual([]);
    expect(readCheckoutCookie(undefined, '1234567')).toEqual([]);
    expect(readCheckoutCookie('%E0%A4%A', '1234567')).toEqual([]);
    expect(readCheckoutCookie(encodeURIComponent('{"u":"1234567"'), '1234567')).toEqual([]);
    expect(readCheckoutCookie(encodeURIComponent(JSON.stringify({ u: '1234567', l: 'x' })), '1234567')).toEqual([]);
    expect(readCheckoutCookie(`${value}${'a'.repeat(CHECKOUT_COOKIE_MAX_BYTES)}`, '1234567')).toEqual([]);
    // lines without ids, names or prices are dropped, the others kept
    const mixed = encodeURIComponent(JSON.stringify({ u: '1234567', l: [{ name: 'no ids' }, line({ name: 'kept' })] }));
    expect(readCheckoutCookie(mixed, '1234567').map((kept) => kept.name)).toEqual(['kept']);
  });

  it('is kept equal to the cart of whoever is signed in: written on changes, removed when empty', () => {
    const written: string[] = [];
    const doc = {
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    let lines: CartLine[] = [line({ name: 'First' })];
    let user: string | undefined = '1234567';
    const listeners = new Set<() => void>();
    const source = { lines: () => lines, subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)) };
    const notify = () => {
      for (const listener of listeners) listener();
    };

    const stop = keepCheckoutCookie(doc, source, () => user);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp(`^${CHECKOUT_COOKIE}=[^;]+; Path=${CHECKOUT_COOKIE_PATH}; Max-Age=2592000; SameSite=Lax$`));
    expect(readCheckoutCookie(written[0]?.split(';')[0]?.slice(CHECKOUT_COOKIE.length + 1), '1234567').map((kept) => kept.name)).toEqual(['First']);

    notify(); // nothing changed: nothing written
    expect(written).toHaveLength(1);
    lines = [...lines, line({ name: 'Second' })];
    notify();
    expect(readCheckoutCookie(written[1]?.split(';')[0]?.slice(CHECKOUT_COOKIE.length + 1), '1234567').map((kept) => kept.name)).toEqual(['First', 'Second']);

    user = undefined; // signed out: the cookie goes
    notify();
    expect(written[2]).toBe(`${CHECKOUT_COOKIE}=; Path=${CHECKOUT_COOKIE_PATH}; Max-Age=0; SameSite=Lax`);
    stop();
    user = '1234567';
    notify();
    expect(written).toHaveLength(3);
  });
});
