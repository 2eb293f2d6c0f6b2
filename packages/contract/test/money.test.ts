import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, parseMoney, tryParseMoney, type Money } from '../src/money.ts';

const m = (text: string) => parseMoney(text, { allowNegative: true });

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['1', 10_000_000_000n],
    ['12.5', 125_000_000_000n],
    ['0.0000000001', 1n],
    ['123456789012345678901234567.9999999999', 1_234_567_890_123_456_789_012_345_679_999_999_999n],
  ])('reads %s exactly', (input, units) => {
    expect(parseMoney(input)).toBe(units);
  });

  it('accepts JSON numbers whose shortest form is a plain decimal', () => {
    expect(parseMoney(12.25)).toBe(122_500_000_000n);
    expect(parseMoney(0.1)).toBe(1_000_000_000n);
  });

  it.each([
    ['negative', '-1', 'negative'],
    ['exponent', '1e3', 'malformed'],
    ['number in exponent form', 1e21, 'malformed'],
    ['NaN string', 'NaN', 'malformed'],
    ['NaN', Number.NaN, 'malformed'],
    ['Infinity', Number.POSITIVE_INFINITY, 'malformed'],
    ['eleven decimals', '0.00000000001', 'too_many_decimals'],
    ['float noise', 0.1 + 0.2, 'too_many_decimals'],
    ['10^40', '1' + '0'.repeat(40), 'too_large'],
    ['hex', '0x10', 'malformed'],
    ['leading space', ' 1', 'malformed'],
    ['trailing space', '1 ', 'malformed'],
    ['plus sign', '+1', 'malformed'],
    ['leading zeros', '007', 'malformed'],
    ['bare dot', '.5', 'malformed'],
    ['trailing dot', '5.', 'malformed'],
    ['comma decimal', '1,5', 'malformed'],
    ['empty', '', 'empty'],
    ['array', ['1'], 'not_a_string_or_number'],
    ['object', { amount: 1 }, 'not_a_string_or_number'],
    ['boolean', true, 'not_a_string_or_number'],
    ['null', null, 'not_a_string_or_number'],
    ['very long string', '9'.repeat(100), 'too_large'],
  ])('refuses %s', (_name, input, reason) => {
    expect(tryParseMoney(input)).toEqual({ ok: false, reason });
  });

  it('allows negatives only when asked', () => {
    expect(parseMoney('-2.5', { allowNegative: true })).toBe(-25_000_000_000n);
    expect(tryParseMoney('-0')).toEqual({ ok: true, value: 0n });
  });

  it('applies a tighter decimal limit per field', () => {
    expect(tryParseMoney('1.23', { maxDecimals: 2 }).ok).toBe(true);
    expect(tryParseMoney('1.234', { maxDecimals: 2 })).toEqual({ ok: false, reason: 'too_many_decimals' });
  });
});

describe('money arithmetic and formatting', () => {
  it('adds and subtracts without floating-point error', () => {
    expect(money.format(money.add(m('0.1'), m('0.2')))).toBe('0.30');
    expect(money.format(money.sub(m('10'), m('0.0000000001')))).toBe('9.9999999999');
  });

  it('sums, compares and bounds', () => {
    const values: Money[] = [m('1.5'), m('2.25'), m('-0.75')];
    expect(money.format(money.sum(values))).toBe('3.00');
    expect(money.cmp(m('1'), m('2'))).toBe(-1);
    expect(money.cmp(m('2'), m('2'))).toBe(0);
    expect(money.max(m('1'), m('3'))).toBe(m('3'));
    expect(money.min(m('1'), m('3'))).toBe(m('1'));
    expect(money.isNegative(m('-0.0000000001'))).toBe(true);
    expect(money.isZero(money.zero)).toBe(true);
  });

  it('multiplies by ratios with the chosen rounding', () => {
    expect(money.format(money.mulRatio(m('100'), '0.02'))).toBe('2.00');
    expect(money.format(money.mulRatio(m('0.0000000003'), '0.5', 'half_up'))).toBe('0.0000000002');
    expect(money.format(money.mulRatio(m('0.0000000003'), '0.5', 'down'))).toBe('0.0000000001');
    expect(money.format(money.mulRatio(m('-0.0000000003'), '0.5', 'down'))).toBe('-0.0000000001');
  });

  it('rounds to decimals', () => {
    expect(money.format(money.round(m('2.345'), 2))).toBe('2.35');
    expect(money.format(money.round(m('2.345'), 2, 'down'))).toBe('2.34');
    expect(money.format(money.round(m('2.341'), 2, 'up'))).toBe('2.35');
  });

  it('rounds half to even: a tie goes to the even neighbour, anything past it away from zero', () => {
    expect(money.format(money.round(m('2.345'), 2, 'half_even'))).toBe('2.34');
    expect(money.format(money.round(m('2.355'), 2, 'half_even'))).toBe('2.36');
    expect(money.format(money.round(m('2.3451'), 2, 'half_even'))).toBe('2.35');
    expect(money.format(money.round(m('2.3449'), 2, 'half_even'))).toBe('2.34');
    expect(money.format(money.round(parseMoney('-2.345', { allowNegative: true }), 2, 'half_even'))).toBe('-2.34');
    expect(money.format(money.round(m('0.005'), 2, 'half_even'))).toBe('0.00');
    expect(money.format(money.round(m('0.015'), 2, 'half_even'))).toBe('0.02');
  });

  it('formats with at least two decimals and a fixed-decimal option', () => {
    expect(money.format(m('12'))).toBe('12.00');
    expect(money.format(m('0.1234'))).toBe('0.1234');
    expect(money.format(m('-3.5'))).toBe('-3.50');
    expect(money.format(m('19.999'), { decimals: 2 })).toBe('19.99');
    expect(money.format(m('19.999'), { decimals: 2, rounding: 'half_up' })).toBe('20.00');
    expect(money.format(m('7'), { decimals: 0 })).toBe('7');
  });

  it('round-trips through the database representation', () => {
    for (const text of ['0', '1.5', '-42.0000000001', '123456789012345678901234567.9999999999']) {
      const value = m(text);
      expect(money.toDb(value)).toMatch(/^-?\d+\.\d{10}$/);
      expect(money.fromDb(money.toDb(value))).toBe(value);
    }
  });

  // fixed decimals rounded down and the database's text have short paths (lists format and read dozens
  // of amounts per answer): they must agree with the general arithmetic everywhere in numeric(38,10)
  const units = fc.oneof(fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }), fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.bigInt({ min: -1000n, max: 1000n }));

  it('cuts fixed decimals exactly as rounding toward zero does', () => {
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 10 }), (value, decimals) => {
        const amount = money.fromUnits(value);
        // rounded down first, then formatted by the general path (half_up on a value already cut: a no-op)
        expect(money.format(amount, { decimals })).toBe(money.format(money.round(amount, decimals, 'down'), { decimals, rounding: 'half_up' }));
      }),
      { numRuns: 2000 },
    );
    expect(money.format(m('-0.009'), { decimals: 2 })).toBe('0.00');
    expect(money.format(m('-0.01'), { decimals: 2 })).toBe('-0.01');
    expect(money.format(m('-12.999'), { decimals: 0 })).toBe('-12');
  });

  it('reads the database text as parsing it does', () => {
    fc.assert(
      fc.property(units, (value) => {
        const abs = value < 0n ? -value : value;
        const text = `${value < 0n ? '-' : ''}${abs / 10n ** 10n}.${(abs % 10n ** 10n).toString().padStart(10, '0')}`;
        expect(money.fromDb(text)).toBe(m(text));
      }),
      { numRuns: 2000 },
    );
    for (const text of ['-0.0000000000', '0.0000000000', '-0.0000000001', '12.5', '1.000000000', '7']) expect(money.fromDb(text)).toBe(m(text));
    // not numeric's text: refused as parsing refuses it
    for (const text of ['01.0000000000', '1.00000000000', '', '1e3', '1.00000000o0']) expect(() => money.fromDb(text), text).toThrow();
  });

  it('builds whole constants and refuses fractional ones', () => {
    expect(money.of(500)).toBe(m('500'));
    expect(() => money.of(1.5)).toThrow(RangeError);
  });
});
