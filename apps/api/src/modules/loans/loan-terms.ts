import { loanInterest } from '@caravan/contract/loan-cost';
import { money, type Money } from '@caravan/contract/money';
import { DAY_MS } from '../../platform/clock.ts';

// The money maths of a loan, pure and exact (Money is a bigint of 10^-10 units):
//   interest          = rate per day x amount x term days
//   overdue interest  = overdue rate per day x amount x days late
// each rounded once to cents, half to even (banker's rounding: a tie such as 0.125 goes to 0.12, so
// rounding errors do not drift one way over many loans). `loanInterest` is the one function the store
// also uses for its disclosure, so what a user is shown before applying is what the ledger books.
// A day late is any started day after the due time: one minute late counts as one day.

export interface LoanTerms {
  amount: Money;
  creditRate: Money;
  defaultRate: Money;
  creditPeriod: number;
}

export function totalInterestOf(terms: LoanTerms): Money {
  return loanInterest(terms.amount, terms.creditRate, terms.creditPeriod);
}

export function dueAtOf(approvedAt: Date, creditPeriod: number): Date {
  return new Date(approvedAt.getTime() + creditPeriod * DAY_MS);
}

/** Started days after the due time (0 until it has passed). */
export function daysLate(dueAt: Date | null, now: Date): number {
  if (!dueAt || now.getTime() <= dueAt.getTime()) return 0;
  return Math.ceil((now.getTime() - dueAt.getTime()) / DAY_MS);
}

/** Whole days since the money reached the wallet. */
export function daysInUse(approvedAt: Date | null, now: Date): number {
  if (!approvedAt || now.getTime() <= approvedAt.getTime()) return 0;
  return Math.floor((now.getTime() - approvedAt.getTime()) / DAY_MS);
}

export function overdueInterestOf(terms: LoanTerms, dueAt: Date | null, now: Date): Money {
  return loanInterest(terms.amount, terms.defaultRate, daysLate(dueAt, now));
}

/** What repaying at `now` costs: the amount, the term's interest (fixed when applying), overdue interest. */
export function amountDue(terms: LoanTerms & { totalInterest: Money }, dueAt: Date | null, now: Date): { principal: Money; interest: Money; overdueInterest: Money; total: Money } {
  const overdueInterest = overdueInterestOf(terms, dueAt, now);
  return {
    principal: terms.amount,
    interest: terms.totalInterest,
    overdueInterest,
    total: money.sum([terms.amount, terms.totalInterest, overdueInterest]),
  };
}
