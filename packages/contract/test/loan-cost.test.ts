import { describe, expect, it } from 'vitest';
import { loanCost, loanInterest, overdueInterestPerDay } from '../src/loan-cost.ts';
import { money, parseMoney } from '../src/money.ts';

const format = (value: ReturnType<typeof parseMoney> | undefined) => (value === undefined ? undefined : money.format(value));

describe('loan cost', () => {
  it('is rate x amount x days, with the repayment adding the principal', () => {
    const cost = loanCost({ amount: '100000', rate: '0.0015', days: 30 });
    expect(format(cost?.totalInterest)).toBe('4500.00');
    expect(format(cost?.totalRepayment)).toBe('104500.00');
    expect(format(loanCost({ amount: '30000000', rate: '0.0015', days: 365 })?.totalInterest)).toBe('16425000.00');
  });

  it('rounds once, half to even, to cents', () => {
    // 100001 x 0.0005 x 1 = 50.0005 -> 50.00 (below half a cent)
    expect(format(loanInterest(parseMoney('100001'), parseMoney('0.0005'), 1))).toBe('50.00');
    // ties go to the even cent
    expect(format(loanInterest(parseMoney('100050'), parseMoney('0.0001'), 1))).toBe('10.00'); // 10.005 -> 10.00 (0 is even)
    expect(format(loanInterest(parseMoney('100150'), parseMoney('0.0001'), 1))).toBe('10.02'); // 10.015 -> 10.02 (2 is even)
    expect(format(loanInterest(parseMoney('100151'), parseMoney('0.0001'), 1))).toBe('10.02'); // 10.0151 -> past the tie
    // never through a float: 0.1 + 0.2 style sums stay exact
    expect(format(loanInterest(parseMoney('100003'), parseMoney('0.0003'), 7))).toBe('210.01'); // 210.0063
  });

  it('refuses what is not an amount or a whole number of days', () => {
    expect(loanCost({ amount: 'abc', rate: '0.0015', days: 30 })).toBeUndefined();
    expect(loanCost({ amount: '100000', rate: '1e-3', days: 30 })).toBeUndefined();
    expect(loanCost({ amount: '100000', rate: '0.0015', days: 1.5 })).toBeUndefined();
    expect(() => loanInterest(parseMoney('1'), parseMoney('0.1'), -1)).toThrow(RangeError);
  });

  it('gives the overdue interest of one day late', () => {
    expect(format(overdueInterestPerDay('100000', '0.003'))).toBe('300.00');
    expect(format(overdueInterestPerDay('100050', '0.0001'))).toBe('10.00');
    expect(overdueInterestPerDay('', '0.003')).toBeUndefined();
  });
});
