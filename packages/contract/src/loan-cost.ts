// What a start-up loan costs (API reference §9, ARCHITECTURE §4 "Loans show the total interest, total
// repayment, overdue rate and due date before the user applies"): interest = rate per day x amount x
// days, rounded half to even to cents, exactly in decimal. The store shows these figures before the
// user applies; they are the figures the server books (one function, no second copy of the rule).
import { money, tryParseMoney, type Money } from './money.ts';

/** Interest and repayments are kept to cents. */
export const LOAN_COST_DECIMALS = 2;

export interface LoanCostInput {
  /** the applied amount, a decimal string (an integer in practice: credit!apply takes whole amounts) */
  amount: string;
  /** the fixed interest rate per day, a decimal string ("0.0015" = 0.15 % a day) */
  rate: string;
  /** the term in days */
  days: number;
}

export interface LoanCost {
  totalInterest: Money;
  /** principal plus interest */
  totalRepayment: Money;
}

function parse(text: string): Money | undefined {
  const result = tryParseMoney(text);
  return result.ok ? result.value : undefined;
}

/**
 * rate x amount x days, rounded once, half to even, to cents. The product is exact before that rounding
 * whenever amount x rate fits in 10 decimals (always for whole amounts and 4-decimal rates).
 */
export function loanInterest(amount: Money, rate: Money, days: number): Money {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError('days must be a whole number of days');
  return money.round(money.mulRatio(money.mulInt(amount, days), rate, 'half_even'), LOAN_COST_DECIMALS, 'half_even');
}

/** The cost of a loan from the wire's decimal strings; undefined when one of them is not a valid amount. */
export function loanCost(input: LoanCostInput): LoanCost | undefined {
  const amount = parse(input.amount);
  const rate = parse(input.rate);
  if (amount === undefined || rate === undefined || !Number.isSafeInteger(input.days) || input.days < 0) return undefined;
  const totalInterest = loanInterest(amount, rate, input.days);
  return { totalInterest, totalRepayment: money.add(amount, totalInterest) };
}

/** Overdue interest for one day late: the overdue rate per day x the amount, to cents (half to even). */
export function overdueInterestPerDay(amount: string, overdueRate: string): Money | undefined {
  const principal = parse(amount);
  const rate = parse(overdueRate);
  if (principal === undefined || rate === undefined) return undefined;
  return money.round(money.mulRatio(principal, rate, 'half_even'), LOAN_COST_DECIMALS, 'half_even');
}
