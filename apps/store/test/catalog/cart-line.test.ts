import { lineKey } from '@caravan/ui/cart';
import { describe, expect, it } from 'vitest';
import { buildCartLine, buyNowLine, maximumQuantity, minimumQuantity, type GoodsForCart } from '../../src/features/catalog/cart-line.ts';

const goods: GoodsForCart = {
  id: '02e98964ab610fce631887e5eba3790f',
  name: 'Vintage Linen Sweater W704',
  sellerId: '89cf93f5caf7cb733b152f94de572409',
  sellerName: 'Jade Women’s Goods',
  sellingPrice: '16.15',
  zoomImg: '/uploads/thumb.webp',
  imgUrl1: '/uploads/large.webp',
  buyMin: 2,
  canSelectAttributes: [
    { attrId: 'colour', attrName: 'Colour', values: [{ valueId: 'red', valueName: 'Red' }, { valueId: 'grey', valueName: 'Grey' }] },
    { attrId: 'size', attrName: 'Size', values: [{ valueId: 's', valueName: 'S' }] },
  ],
  skus: [
    { skuId: 'd9a18790bdfb184dc274d55a7c4dc3ae', valueIds: ['red', 's'], attrText: 'Colour: Red; Size: S', sellingPrice: '16.79', discountPrice: '12.00', stock: 10 },
    { skuId: 'aaaa8790bdfb184dc274d55a7c4dc3ae', valueIds: ['grey', 's'], attrText: 'Colour: Grey; Size: S', sellingPrice: '16.15', stock: 0 },
  ],
  seller: { id: '89cf93f5caf7cb733b152f94de572409', name: 'Jade Women’s Goods' },
};

describe('buildCartLine', () => {
  it('builds the line of the chosen SKU with its price, the crossed-out price and the shop', () => {
    const result = buildCartLine(goods, { colour: 'red', size: 's' }, 3, 500);
    expect(result).toEqual({
      ok: true,
      line: {
        sellerGoodsId: goods.id,
        skuId: 'd9a18790bdfb184dc274d55a7c4dc3ae',
        name: 'Vintage Linen Sweater W704',
        checkAttrName: 'Colour: Red; Size: S',
        image: '/uploads/thumb.webp',
        price: '12.00',
        originalPrice: '16.79',
        buyMin: 2,
        count: 3,
        seller: { id: '89cf93f5caf7cb733b152f94de572409', name: 'Jade Women’s Goods' },
      },
    });
  });

  it('asks for the attributes not chosen yet', () => {
    expect(buildCartLine(goods, { colour: 'red' }, 3, 500)).toEqual({ ok: false, reason: 'choose_sku', missing: ['Size'] });
  });

  it('refuses a sold-out SKU and a combination that does not exist', () => {
    expect(buildCartLine(goods, { colour: 'grey', size: 's' }, 3, 500)).toEqual({ ok: false, reason: 'sold_out' });
    expect(buildCartLine({ ...goods, skus: goods.skus.slice(1) }, { colour: 'red', size: 's' }, 3, 500)).toEqual({ ok: false, reason: 'sku_unavailable' });
  });

  it('keeps the quantity within [buyMin, min(per-order maximum, stock)] and whole', () => {
    const red = { colour: 'red', size: 's' };
    expect(buildCartLine(goods, red, 1, 500)).toEqual({ ok: false, reason: 'quantity_below_min' });
    expect(buildCartLine(goods, red, 2, 500).ok).toBe(true);
    expect(buildCartLine(goods, red, 10, 500).ok).toBe(true);
    expect(buildCartLine(goods, red, 11, 500)).toEqual({ ok: false, reason: 'quantity_above_max' });
    expect(buildCartLine(goods, red, 6, 5)).toEqual({ ok: false, reason: 'quantity_above_max' });
    expect(buildCartLine(goods, red, 2.5, 500)).toEqual({ ok: false, reason: 'quantity_invalid' });
    expect(buildCartLine(goods, red, Number.NaN, 500)).toEqual({ ok: false, reason: 'quantity_invalid' });
  });

  it('uses the goods price, the first picture and the card seller for goods without SKUs', () => {
    const plain: GoodsForCart = { ...goods, canSelectAttributes: [], skus: [], zoomImg: '', discountPrice: '9.50', buyMin: 0, seller: undefined };
    const result = buildCartLine(plain, {}, 1, 500);
    expect(result.ok && result.line).toMatchObject({
      skuId: '',
      checkAttrName: '',
      image: '/uploads/large.webp',
      price: '9.50',
      originalPrice: '16.15',
      buyMin: 1,
      seller: { id: goods.sellerId, name: goods.sellerName },
    });
  });
});

describe('quantity bounds', () => {
  it('never asks for less than 1, nor allows more than the stock', () => {
    expect(minimumQuantity({ buyMin: 0 })).toBe(1);
    expect(minimumQuantity({ buyMin: -3 })).toBe(1);
    expect(minimumQuantity({ buyMin: 4 })).toBe(4);
    expect(maximumQuantity(500, undefined)).toBe(500);
    expect(maximumQuantity(500, { skuId: 'x', valueIds: [], attrText: '', sellingPrice: '1', stock: 12 })).toBe(12);
    expect(maximumQuantity(5, { skuId: 'x', valueIds: [], attrText: '', sellingPrice: '1', stock: 12 })).toBe(5);
  });
});

describe('buyNowLine', () => {
  it('is the cart line as the cart would keep it: ticked, with its key', () => {
    const result = buildCartLine(goods, { colour: 'red', size: 's' }, 3, 500);
    if (!result.ok) throw new Error('expected a line');
    const line = buyNowLine(result.line);
    expect(line.checked).toBe(true);
    expect(line.key).toBe(lineKey(goods.id, 'd9a18790bdfb184dc274d55a7c4dc3ae'));
    expect(line).toMatchObject(result.line);
  });
});
