import { describe, expect, it } from 'vitest';
import { buildOrderInfo, MAX_ORDER_LINES, pickCheckoutLines, quantityProblems, readCartLine } from '../../src/features/cart/lib/checkout-lines.ts';
import { line } from './fixtures.ts';

describe('buildOrderInfo', () => {
  it('sends one {sellerGoodsId, skuId, goodsNum} per line as a JSON array', () => {
    const a = line({ count: 3 });
    const b = line({ count: 1, skuId: '' });
    const result = buildOrderInfo([a, b]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.parse(result.orderInfo)).toEqual([
      { sellerGoodsId: a.sellerGoodsId, skuId: a.skuId, goodsNum: 3 },
      { sellerGoodsId: b.sellerGoodsId, skuId: '', goodsNum: 1 },
    ]);
    // nothing of the client's prices goes to the server
    expect(result.orderInfo).not.toContain('price');
  });

  it('refuses an empty checkout', () => {
    expect(buildOrderInfo([])).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses more lines than the server takes', () => {
    const many = Array.from({ length: MAX_ORDER_LINES + 1 }, () => line());
    expect(buildOrderInfo(many)).toEqual({ ok: false, reason: 'too_many' });
    expect(buildOrderInfo(many.slice(0, MAX_ORDER_LINES)).ok).toBe(true);
  });

  it('refuses lines with ids or quantities the server would reject', () => {
    const badId = line({ sellerGoodsId: 'not-an-id' });
    expect(buildOrderInfo([badId])).toEqual({ ok: false, reason: 'invalid_line', key: badId.key });
    const badSku = line({ skuId: 'XYZ' });
    expect(buildOrderInfo([badSku])).toMatchObject({ ok: false, reason: 'invalid_line' });
    for (const count of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(buildOrderInfo([line({ count })])).toMatchObject({ ok: false, reason: 'invalid_line' });
    }
  });
});

describe('pickCheckoutLines', () => {
  it('takes only the ticked cart lines without "buy now" state', () => {
    const ticked = line();
    const unticked = line({ checked: false });
    expect(pickCheckoutLines(null, [ticked, unticked])).toEqual({ from: 'cart', lines: [ticked] });
    expect(pickCheckoutLines({ buyNow: [] }, [ticked])).toEqual({ from: 'cart', lines: [ticked] });
    expect(pickCheckoutLines('junk', [unticked])).toEqual({ from: 'cart', lines: [] });
  });

  it('prefers the "buy now" lines, ticked, over the cart', () => {
    const buyNow = line({ checked: false, count: 4 });
    const result = pickCheckoutLines({ buyNow: [buyNow] }, [line()]);
    expect(result.from).toBe('buyNow');
    expect(result.lines).toEqual([{ ...buyNow, checked: true }]);
  });

  it('drops malformed "buy now" entries instead of trusting them', () => {
    const good = line();
    const result = pickCheckoutLines({ buyNow: [good, { name: 'x' }, null, 42, { ...good, count: '3' }] }, []);
    expect(result.lines).toHaveLength(1);
    expect(result.from).toBe('buyNow');
  });
});

describe('readCartLine', () => {
  it('fills optional fields and derives the key', () => {
    const value = readCartLine({ sellerGoodsId: 'a'.repeat(32), name: 'N', price: '1.00', count: 2, seller: { id: 's' } });
    expect(value).toMatchObject({ key: `${'a'.repeat(32)}:`, skuId: '', checkAttrName: '', image: '', buyMin: 1, checked: true, seller: { id: 's', name: '' } });
  });

  it('replaces a nonsensical buyMin by 1', () => {
    expect(readCartLine({ ...line(), buyMin: -3 })?.buyMin).toBe(1);
    expect(readCartLine({ ...line(), buyMin: 2.5 })?.buyMin).toBe(1);
  });
});

describe('quantityProblems', () => {
  it('reports lines outside [buyMin, max per order]', () => {
    const ok = line({ count: 5, buyMin: 5 });
    const low = line({ count: 2, buyMin: 5 });
    const high = line({ count: 501 });
    const fractional = line({ count: 1.5 });
    expect(quantityProblems([ok, low, high, fractional], 500)).toEqual([
      { key: low.key, reason: 'quantity_below_min', buyMin: 5 },
      { key: high.key, reason: 'quantity_above_max', buyMin: 1 },
      { key: fractional.key, reason: 'quantity_invalid', buyMin: 1 },
    ]);
  });

  it('follows the configured maximum at its boundary', () => {
    expect(quantityProblems([line({ count: 20 })], 20)).toEqual([]);
    expect(quantityProblems([line({ count: 21 })], 20)).toHaveLength(1);
  });
});
