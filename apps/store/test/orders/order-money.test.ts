import { describe, expect, it } from 'vitest';
import { checkRefundAmount, compareDecimals, formatScaled, MAX_AMOUNT_DECIMALS, multiplyAmount, parseDecimal, REFUND_AMOUNT_DECIMALS } from '../../src/features/orders/order-money.ts';

describe('parseDecimal', () => {
  it('reads plain decimals exactly', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal('0')).toEqual({ units: 0n, scale: 0 });
    expect(parseDecimal('0.0000000001')).toEqual({ units: 1n, scale: 10 });
    expect(parseDecimal('90071992547409931234.5')).toEqual({ units: 900719925474099312345n, scale: 1 });
  });

  it('refuses anything else', () => {
    for (const bad of ['', ' 1', '1 ', '-1', '+1', '.5', '5.', '1,5', '1.2.3', '1e3', 'NaN', 'Infinity', '0x10', '١٢', '123456789012345678901']) {
      expect(parseDecimal(bad)).toBeUndefined();
    }
  });
});

describe('compareDecimals and formatScaled', () => {
  it('compares across scales without floats', () => {
    const of = (text: string) => parseDecimal(text)!;
    expect(compareDecimals(of('0.1'), of('0.10'))).toBe(0);
    expect(compareDecimals(of('0.3'), of('0.29999999999'))).toBe(1);
    expect(compareDecimals(of('100'), of('100.01'))).toBe(-1);
  });

  it('writes units back with exactly the scale', () => {
    expect(formatScaled(1250n, 2)).toBe('12.50');
    expect(formatScaled(5n, 3)).toBe('0.005');
    expect(formatScaled(7n, 0)).toBe('7');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
  });
});

describe('multiplyAmount', () => {
  it('multiplies a unit price by a quantity exactly', () => {
    expect(multiplyAmount('12.50', 3)).toBe('37.50');
    expect(multiplyAmount('0.10', 3)).toBe('0.30');
    expect(multiplyAmount('19.99', 0)).toBe('0.00');
    expect(multiplyAmount('1234567.89', 500)).toBe('617283945.00');
  });

  it('gives up on unreadable input', () => {
    expect(multiplyAmount('abc', 2)).toBeUndefined();
    expect(multiplyAmount('-1.00', 2)).toBeUndefined();
    expect(multiplyAmount('1.00', -1)).toBeUndefined();
    expect(multiplyAmount('1.00', 1.5)).toBeUndefined();
    expect(multiplyAmount('1.00', Number.NaN)).toBeUndefined();
  });
});

describe('checkRefundAmount', () => {
  const total = '120.50';

  it('accepts amounts above 0 up to the total and sends them normalised', () => {
    expect(checkRefundAmount('120.50', total)).toEqual({ ok: true, value: '120.50' });
    expect(checkRefundAmount('120.5', total)).toEqual({ ok: true, value: '120.5' });
    expect(checkRefundAmount(' 0.01 ', total)).toEqual({ ok: true, value: '0.01' });
    expect(checkRefundAmount('007.5', total)).toEqual({ ok: true, value: '7.5' });
    expect(checkRefundAmount('60', total)).toEqual({ ok: true, value: '60' });
  });

  it('refuses a missing amount', () => {
    expect(checkRefundAmount('', total)).toEqual({ ok: false, problem: 'required' });
    expect(checkRefundAmount('   ', total)).toEqual({ ok: false, problem: 'required' });
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['-5', '+5', '1,5', '5.', '.5', '1e2', 'abc', '12.5.0', '0x1A', 'Infinity', '1 000']) {
      expect(checkRefundAmount(bad, total)).toEqual({ ok: false, problem: 'format' });
    }
  });

  it('refuses zero in any spelling', () => {
    for (const zero of ['0', '0.0', '0.00', '000']) expect(checkRefundAmount(zero, total)).toEqual({ ok: false, problem: 'zero' });
  });

  it('refuses more than the total, by a cent or by a float rounding', () => {
    expect(checkRefundAmount('120.51', total)).toEqual({ ok: false, problem: 'aboveTotal' });
    expect(checkRefundAmount('121', total)).toEqual({ ok: false, problem: 'aboveTotal' });
    expect(checkRefundAmount('0.3', '0.29')).toEqual({ ok: false, problem: 'aboveTotal' });
    expect(checkRefundAmount('99999999999999999999', total)).toEqual({ ok: false, problem: 'aboveTotal' });
  });

  it('limits decimals: 2 for order!returns by default, never more than the spec 10', () => {
    expect(REFUND_AMOUNT_DECIMALS).toBe(2);
    expect(checkRefundAmount('1.005', total)).toEqual({ ok: false, problem: 'decimals' });
    expect(checkRefundAmount('1.0000000001', total, 10)).toEqual({ ok: true, value: '1.0000000001' });
    expect(checkRefundAmount('1.00000000001', total, 10)).toEqual({ ok: false, problem: 'decimals' });
    expect(checkRefundAmount('1.00000000001', total, 20)).toEqual({ ok: false, problem: 'decimals' });
    expect(MAX_AMOUNT_DECIMALS).toBe(10);
  });

  it('leaves the ceiling to the server when the order total is unreadable', () => {
    expect(checkRefundAmount('5', '')).toEqual({ ok: true, value: '5' });
  });
});
