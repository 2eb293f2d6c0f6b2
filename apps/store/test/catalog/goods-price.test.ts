import { describe, expect, it } from 'vitest';
import { compareDecimals, crossedOutPrice, discountPercent, payPrice } from '../../src/features/catalog/goods-price.ts';

describe('payPrice and crossedOutPrice', () => {
  it('pays the discount price while a discount runs, the selling price crossed out', () => {
    const goods = { sellingPrice: '19.92', discountPrice: '13.34' };
    expect(payPrice(goods)).toBe('13.34');
    expect(crossedOutPrice(goods)).toBe('19.92');
  });

  it('pays the selling price without a discount, with nothing crossed out', () => {
    expect(payPrice({ sellingPrice: '11.37' })).toBe('11.37');
    expect(crossedOutPrice({ sellingPrice: '11.37' })).toBeUndefined();
  });

  it('ignores a malformed discount price and one that is not lower', () => {
    expect(payPrice({ sellingPrice: '5.00', discountPrice: 'NaN' })).toBe('5.00');
    expect(payPrice({ sellingPrice: '5.00', discountPrice: '' })).toBe('5.00');
    expect(crossedOutPrice({ sellingPrice: '5.00', discountPrice: '5.0' })).toBeUndefined();
    expect(crossedOutPrice({ sellingPrice: '5.00', discountPrice: '6.00' })).toBeUndefined();
  });
});

describe('compareDecimals', () => {
  it('compares exactly, whatever the number of decimals', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('9.99', '10')).toBe(-1);
    expect(compareDecimals('100000000000000000000.01', '100000000000000000000.001')).toBe(1);
  });
});

describe('discountPercent', () => {
  it('turns the ratio taken off into a whole percentage', () => {
    expect(discountPercent('0.33')).toBe(33);
    expect(discountPercent('0.3')).toBe(30);
    expect(discountPercent('.05')).toBe(5);
    expect(discountPercent('0.335')).toBe(34);
    expect(discountPercent('0.004')).toBeUndefined();
  });

  it('gives nothing for absent, malformed or out-of-range ratios', () => {
    for (const ratio of [undefined, '', '0', '1', '1.5', '-0.2', '0.999', 'abc', '0.3.3']) expect(discountPercent(ratio)).toBeUndefined();
  });
});

