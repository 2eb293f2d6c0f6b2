import { money, parseMoney } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import { LOAN_STATES, loanMachine, type LoanEvent, type LoanState } from '../../src/modules/loans/loan-state.ts';
import { amountDue, daysInUse, daysLate, dueAtOf, overdueInterestOf, totalInterestOf } from '../../src/modules/loans/loan-terms.ts';
import { DAY_MS, MINUTE_MS } from '../../src/platform/clock.ts';

// Pure rules of loans: the transition table (every allowed and every forbidden event) and the interest
// maths, exact in decimal with banker's rounding.

const terms = (amount: string, rate: string, days: number, defaultRate = '0.005') => ({
  amount: parseMoney(amount),
  creditRate: parseMoney(rate),
  defaultRate: parseMoney(defaultRate),
  creditPeriod: days,
});
const text = (value: ReturnType<typeof parseMoney>) => money.format(value);

describe('loan state machine', () => {
  const allowed: Record<LoanEvent, [LoanState, LoanState][]> = {
    approve: [['pending', 'approved']],
    reject: [['pending', 'rejected']],
    fall_overdue: [['approved', 'overdue']],
    repay: [
      ['approved', 'repaid'],
      ['overdue', 'repaid'],
    ],
  };
  for (const [event, pairs] of Object.entries(allowed) as [LoanEvent, [LoanState, LoanState][]][]) {
    it(`${event}: allowed exactly from ${pairs.map(([from]) => from).join(', ')}`, () => {
      for (const state of LOAN_STATES) {
        const expected = pairs.find(([from]) => from === state)?.[1];
        expect(loanMachine.next(state, event), `${event} from ${state}`).toBe(expected);
      }
    });
  }

  it('rejected and repaid are final', () => {
    for (const event of Object.keys(allowed) as LoanEvent[]) {
      expect(loanMachine.next('rejected', event)).toBeUndefined();
      expect(loanMachine.next('repaid', event)).toBeUndefined();
    }
  });
});

describe('loan interest', () => {
  it('is rate x amount x days, exact', () => {
    expect(text(totalInterestOf(terms('100000', '0.001', 30)))).toBe('3000.00');
    expect(text(totalInterestOf(terms('30000000', '0.0015', 365)))).toBe('16425000.00');
    expect(text(totalInterestOf(terms('123457', '0.0007', 7)))).toBe('604.94');
  });

  it('rounds to cents half to even', () => {
    // 12345 x 0.0001 = 1.2345 -> 1.23 (below the half)
    expect(text(totalInterestOf(terms('12345', '0.0001', 1)))).toBe('1.23');
    // exact ties go to the even cent: 0.125 -> 0.12, 0.135 -> 0.14, 0.375 -> 0.38, 0.385 -> 0.38
    expect(text(totalInterestOf(terms('1250', '0.0001', 1)))).toBe('0.12');
    expect(text(totalInterestOf(terms('1350', '0.0001', 1)))).toBe('0.14');
    expect(text(totalInterestOf(terms('3750', '0.0001', 1)))).toBe('0.38');
    expect(text(totalInterestOf(terms('3850', '0.0001', 1)))).toBe('0.38');
  });

  it('counts days late as started days after the due time, and days in use as whole days', () => {
    const approved = new Date('2026-01-01T00:00:00Z');
    const due = dueAtOf(approved, 7);
    expect(due.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(daysLate(due, due)).toBe(0);
    expect(daysLate(due, new Date(due.getTime() + MINUTE_MS))).toBe(1);
    expect(daysLate(due, new Date(due.getTime() + DAY_MS))).toBe(1);
    expect(daysLate(due, new Date(due.getTime() + DAY_MS + 1))).toBe(2);
    expect(daysLate(null, due)).toBe(0);
    expect(daysInUse(approved, new Date(approved.getTime() + 2 * DAY_MS - 1))).toBe(1);
  });

  it('owes the amount, the fixed interest and overdue interest from the due time on', () => {
    const loan = { ...terms('100000', '0.001', 7), totalInterest: parseMoney('700') };
    const due = dueAtOf(new Date('2026-01-01T00:00:00Z'), 7);
    expect(text(overdueInterestOf(loan, due, due))).toBe('0.00');
    const late = amountDue(loan, due, new Date(due.getTime() + 3 * DAY_MS));
    expect([text(late.principal), text(late.interest), text(late.overdueInterest), text(late.total)]).toEqual(['100000.00', '700.00', '1500.00', '102200.00']);
  });
});
