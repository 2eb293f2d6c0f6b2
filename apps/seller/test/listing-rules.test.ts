import { describe, expect, it } from 'vitest';
import { checkDiscount, checkProfit, checkWindow, localToPlatform, percentToRatio, platformToLocal, previewPrices, ratioToPercent } from '../src/features/goods/listing-rules.ts';

const RANGE = { profitMin: '0.05', profitMax: '0.5' };

describe('profit and discount as typed', () => {
  it('turns percentages into the ratios the server takes, and back, exactly', () => {
    expect(percentToRatio('15')).toBe('0.15');
    expect(percentToRatio('7.5')).toBe('0.075');
    expect(percentToRatio('12.34')).toBe('0.1234');
    expect(percentToRatio('120')).toBe('1.2');
    for (const bad of ['', ' ', '1.234', '-5', '1e2', 'abc', '15%']) expect(percentToRatio(bad), bad).toBeUndefined();
    expect(ratioToPercent('0.15')).toBe('15');
    expect(ratioToPercent('0.0750')).toBe('7.5');
    expect(ratioToPercent('')).toBe('');
  });

  it('keeps the profit within the platform range, both ends included', () => {
    expect(checkProfit('5', RANGE)).toEqual({ ok: true, ratio: '0.05' });
    expect(checkProfit('50', RANGE)).toEqual({ ok: true, ratio: '0.5' });
    expect(checkProfit('4.99', RANGE)).toMatchObject({ ok: false, problem: 'belowMin', min: '5', max: '50' });
    expect(checkProfit('50.01', RANGE)).toMatchObject({ ok: false, problem: 'aboveMax' });
    expect(checkProfit('', RANGE)).toMatchObject({ ok: false, problem: 'required' });
    expect(checkProfit('ten', RANGE)).toMatchObject({ ok: false, problem: 'format' });
    // without a known range only the format is checked
    expect(checkProfit('300', {})).toEqual({ ok: true, ratio: '3' });
  });

  it('keeps a discount above 0, below 100 % and at most the platform largest', () => {
    expect(checkDiscount('10', '0.9')).toEqual({ ok: true, ratio: '0.1' });
    expect(checkDiscount('90', '0.9')).toEqual({ ok: true, ratio: '0.9' });
    expect(checkDiscount('90.01', '0.9')).toMatchObject({ ok: false, problem: 'aboveMax', max: '90' });
    expect(checkDiscount('0', '0.9')).toMatchObject({ ok: false, problem: 'belowMin' });
    expect(checkDiscount('100', undefined)).toMatchObject({ ok: false, problem: 'aboveMax' });
    expect(checkDiscount('99.99', undefined)).toEqual({ ok: true, ratio: '0.9999' });
  });
});

describe('price preview', () => {
  it('is the contract pricing: selling = wholesale x (1 + profit) truncated, discount on the selling price truncated', () => {
    expect(previewPrices('10.01', '0.15')).toEqual({ selling: '11.51', margin: '1.50' });
    expect(previewPrices('10.01', '0.15', '0.1')).toEqual({ selling: '11.51', discounted: '10.35', margin: '0.34' });
    // a deep discount can sell below the wholesale price: the preview says so
    expect(previewPrices('10.00', '0.05', '0.5')).toEqual({ selling: '10.50', discounted: '5.25', margin: '-4.75' });
    expect(previewPrices('99.99', '0.3333')).toEqual({ selling: '133.31', margin: '33.32' });
    expect(previewPrices('0.01', '0.05')).toEqual({ selling: '0.01', margin: '0.00' });
    expect(previewPrices('not a price', '0.1')).toBeUndefined();
  });
});

describe('discount window', () => {
  it('converts the seller own time to the platform zone and back', () => {
    const zone = 'Asia/Shanghai';
    const platform = localToPlatform('2026-06-01T10:30', zone);
    expect(platform).toMatch(/^2026-0[56]-\d{2} \d{2}:30:00$/);
    expect(platformToLocal(platform, zone)).toBe('2026-06-01T10:30');
    expect(localToPlatform('', zone)).toBeUndefined();
    expect(localToPlatform('tomorrow', zone)).toBeUndefined();
    expect(platformToLocal('', zone)).toBe('');
  });

  it('needs both ends, the end after the start', () => {
    expect(checkWindow(undefined, '2026-06-02 00:00:00')).toBe('startRequired');
    expect(checkWindow('2026-06-01 00:00:00', undefined)).toBe('endRequired');
    expect(checkWindow('2026-06-02 00:00:00', '2026-06-01 00:00:00')).toBe('order');
    expect(checkWindow('2026-06-01 00:00:00', '2026-06-01 00:00:00')).toBe('order');
    expect(checkWindow('2026-06-01 00:00:00', '2026-06-01 00:00:01')).toBeUndefined();
  });
});
