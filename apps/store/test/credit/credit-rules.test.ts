import { money } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import {
  applyParams,
  checkApplyAmount,
  costDisclosure,
  creditIdOf,
  creditStateOf,
  currentLoan,
  dueDateFrom,
  HISTORY_PAGE_SIZE,
  historyRequest,
  isLendableTerm,
  isRepayable,
  MAX_TERM_DAYS,
  mayApply,
  normaliseAmountInput,
  ratePercent,
  reapplyPath,
  reapplyValues,
  termOptions,
  type ApplicationValues,
} from '../../src/features/credit/credit-rules.ts';
import type { CreditConfig, CreditRecord } from '../../src/features/credit/types.ts';

const config: CreditConfig = {
  rate: '0.0015',
  defaultRate: '0.0030',
  lendableDays: ['30', '90', '180'],
  allLendableDays: ['7', '30', '90', '180', '365'],
  amountMin: '100000.00',
  amountMax: '30000000.00',
  quote: null,
};

const today = { now: new Date('2026-11-25T02:30:00Z'), timeZone: 'Asia/Shanghai' };

describe('loan states (legacy status 1..5)', () => {
  it('reads each legacy number, anything else as pending', () => {
    expect([1, 2, 3, 4, 5].map(creditStateOf)).toEqual(['pending', 'approved', 'overdue', 'rejected', 'repaid']);
    expect(creditStateOf('4')).toBe('rejected');
    expect([0, 6, null, undefined, 'x', 2.5].map(creditStateOf)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('repays approved and overdue loans only', () => {
    expect(['pending', 'approved', 'overdue', 'rejected', 'repaid'].filter((state) => isRepayable(state as never))).toEqual(['approved', 'overdue']);
  });

  it('finds the loan in use among the history and its id under either name', () => {
    const records = [{ status: 4, id: 'a' }, { status: 1, id: 'b' }, { status: 3, creditId: 'c' }, { status: 2, id: 'd' }];
    expect(currentLoan(records)).toEqual({ status: 3, creditId: 'c' });
    expect(currentLoan([{ status: 5 }, { status: 4 }])).toBeUndefined();
    expect(creditIdOf({ creditId: 'c' })).toBe('c');
    expect(creditIdOf({ id: 'i', creditId: 'c' })).toBe('i');
    expect(creditIdOf({})).toBe('');
  });

  it('reads credit!check: only the string "true" allows applying', () => {
    expect(mayApply('true')).toBe(true);
    expect(mayApply(true)).toBe(true);
    expect(mayApply('false')).toBe(false);
    expect(mayApply(undefined)).toBe(false);
    expect(mayApply('TRUE')).toBe(false);
  });
});

describe('amount (spec §5: within the bounds, whole)', () => {
  it('accepts whole amounts at both bounds and refuses one past them', () => {
    expect(checkApplyAmount('100000', config)).toMatchObject({ ok: true, text: '100000' });
    expect(checkApplyAmount('30000000', config)).toMatchObject({ ok: true, text: '30000000' });
    expect(checkApplyAmount('99999', config)).toEqual({ ok: false, problem: 'min' });
    expect(checkApplyAmount('30000001', config)).toEqual({ ok: false, problem: 'max' });
  });

  it('refuses decimals, signs and words, and asks for a missing amount', () => {
    expect(checkApplyAmount('', config)).toEqual({ ok: false, problem: 'required' });
    expect(checkApplyAmount(undefined, config)).toEqual({ ok: false, problem: 'required' });
    for (const text of ['100000.5', '100000.00', '-100000', '1e6', 'abc', '0x186a0']) expect(checkApplyAmount(text, config)).toEqual({ ok: false, problem: 'whole' });
  });

  it('ignores grouping separators people type and leading zeros', () => {
    expect(normaliseAmountInput('1,000,000')).toBe('1000000');
    expect(normaliseAmountInput('1 000 000')).toBe('1000000');
    expect(normaliseAmountInput('1\u202f000\u202f000')).toBe('1000000');
    expect(checkApplyAmount('0100000', config)).toMatchObject({ ok: true, text: '100000' });
    expect(checkApplyAmount('250,000', config)).toMatchObject({ ok: true, text: '250000' });
  });

  it('falls back to the spec range (100,000 to 30,000,000) when the configuration has none', () => {
    expect(checkApplyAmount('99999', undefined)).toEqual({ ok: false, problem: 'min' });
    expect(checkApplyAmount('30000000', undefined)).toMatchObject({ ok: true });
    expect(checkApplyAmount('30000001', { amountMin: 'x', amountMax: '' })).toEqual({ ok: false, problem: 'max' });
  });
});

describe('term (all lendable days, those not lendable now disabled)', () => {
  it('lists every term shortest first with the unavailable ones disabled', () => {
    expect(termOptions(config)).toEqual([
      { days: 7, enabled: false },
      { days: 30, enabled: true },
      { days: 90, enabled: true },
      { days: 180, enabled: true },
      { days: 365, enabled: false },
    ]);
  });

  it('drops duplicates, nonsense and terms beyond a year', () => {
    expect(termOptions({ allLendableDays: ['30', ' 30', '0', '-7', 'x', '400', '60', String(MAX_TERM_DAYS)], lendableDays: ['60', '365'] })).toEqual([
      { days: 30, enabled: false },
      { days: 60, enabled: true },
      { days: 365, enabled: true },
    ]);
    expect(termOptions(undefined)).toEqual([]);
  });

  it('lets only an enabled term be chosen', () => {
    const options = termOptions(config);
    expect(isLendableTerm(30, options)).toBe(true);
    expect(isLendableTerm(7, options)).toBe(false);
    expect(isLendableTerm(45, options)).toBe(false);
    expect(isLendableTerm(undefined, options)).toBe(false);
  });
});

describe('cost disclosure (rate x amount x days, half to even, cents)', () => {
  it('shows total interest, total repayment, overdue interest per day and the due date', () => {
    expect(costDisclosure({ amount: '100000', days: 30 }, config, today)).toEqual({
      totalInterest: '4500.00',
      totalRepayment: '104500.00',
      overduePerDay: '300.00',
      dueDate: '2026-12-25',
    });
  });

  it('rounds a half cent to even like the server', () => {
    // 100150 x 0.0001 x 1 = 10.015 -> 10.02; 100050 x 0.0001 = 10.005 -> 10.00
    const cheap = { ...config, rate: '0.0001', defaultRate: '0.0001' };
    expect(costDisclosure({ amount: '100150', days: 1 }, cheap, today)?.totalInterest).toBe('10.02');
    expect(costDisclosure({ amount: '100050', days: 1 }, cheap, today)?.totalInterest).toBe('10.00');
    expect(costDisclosure({ amount: '100050', days: 1 }, cheap, today)?.totalRepayment).toBe('100060.00');
  });

  it('stays exact for the largest loan over a year', () => {
    const cost = costDisclosure({ amount: '30000000', days: 365 }, { ...config, rate: '0.0123' }, today);
    expect(cost?.totalInterest).toBe('134685000.00');
    expect(cost?.totalRepayment).toBe('164685000.00');
  });

  it('shows nothing until the amount is valid and a term chosen', () => {
    expect(costDisclosure({ amount: '99', days: 30 }, config, today)).toBeUndefined();
    expect(costDisclosure({ amount: '100000', days: undefined }, config, today)).toBeUndefined();
    expect(costDisclosure({ amount: '100000', days: 30 }, undefined, today)).toBeUndefined();
    expect(costDisclosure({ amount: '100000', days: 30 }, { ...config, rate: 'n/a' }, today)).toBeUndefined();
  });

  it('counts the due date on the platform calendar', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Shanghai
    expect(dueDateFrom(new Date('2026-12-31T23:30:00Z'), 30, 'Asia/Shanghai')).toBe('2027-01-31');
    expect(dueDateFrom(new Date('2026-12-31T23:30:00Z'), 30, 'UTC')).toBe('2027-01-30');
    expect(dueDateFrom(new Date('2028-02-01T12:00:00Z'), 28, 'UTC')).toBe('2028-02-29');
    // across a daylight-saving change the calendar date still moves by whole days
    expect(dueDateFrom(new Date('2026-03-01T12:00:00Z'), 30, 'Europe/Berlin')).toBe('2026-03-31');
  });

  it('gives rates per day as exact percentages', () => {
    expect(ratePercent('0.0015')).toBe('0.15');
    expect(ratePercent('0.0300')).toBe('3');
    expect(ratePercent(0.001)).toBe('0.1');
    expect(ratePercent('abc')).toBeUndefined();
    expect(ratePercent(undefined)).toBeUndefined();
  });
});

describe('applying and re-applying', () => {
  const complete: ApplicationValues = {
    applyAmount: '200000',
    creditPeriod: 30,
    realName: ' Mei Chen ',
    identification: 'E12345678',
    countryId: 233,
    imgCertificateFace: ['/uploads/a.png'],
    imgCertificateBack: ['/uploads/b.png'],
    imgCertificateHand: ['/uploads/c.png'],
    agreed: true,
  };

  it("builds credit!apply's parameters, with creditId only when re-applying", () => {
    expect(applyParams(complete, config, undefined)).toEqual({
      ok: true,
      params: {
        applyAmount: '200000',
        creditPeriod: 30,
        realName: 'Mei Chen',
        identification: 'E12345678',
        countryId: 233,
        imgCertificateFace: '/uploads/a.png',
        imgCertificateBack: '/uploads/b.png',
        imgCertificateHand: '/uploads/c.png',
      },
    });
    const again = applyParams(complete, config, 'loan-1');
    expect(again.ok && again.params.creditId).toBe('loan-1');
  });

  it('names the first thing missing, in the order of the form', () => {
    expect(applyParams({ ...complete, applyAmount: '1' }, config, undefined)).toEqual({ ok: false, problem: 'amount' });
    expect(applyParams({ ...complete, creditPeriod: 7 }, config, undefined)).toEqual({ ok: false, problem: 'term' });
    expect(applyParams({ ...complete, realName: '   ' }, config, undefined)).toEqual({ ok: false, problem: 'realName' });
    expect(applyParams({ ...complete, identification: '' }, config, undefined)).toEqual({ ok: false, problem: 'identification' });
    expect(applyParams({ ...complete, countryId: undefined }, config, undefined)).toEqual({ ok: false, problem: 'country' });
    expect(applyParams({ ...complete, imgCertificateHand: [] }, config, undefined)).toEqual({ ok: false, problem: 'photos' });
    expect(applyParams({ ...complete, agreed: false }, config, undefined)).toEqual({ ok: false, problem: 'agreement' });
  });

  it('prefills the form from a rejected loan, leaving the agreement to tick again', () => {
    const rejected: Partial<CreditRecord> = {
      id: 'loan-1',
      status: 4,
      realName: 'Mei Chen',
      identification: 'E12345678',
      countryId: 233,
      creditPeriod: 90,
      applyAmount: '250000.00',
      imgCertificateFace: '/uploads/a.png',
      imgCertificateBack: '/uploads/b.png',
      imgCertificateHand: '',
    };
    expect(reapplyValues(rejected)).toEqual({
      applyAmount: '250000',
      creditPeriod: 90,
      realName: 'Mei Chen',
      identification: 'E12345678',
      countryId: 233,
      imgCertificateFace: ['/uploads/a.png'],
      imgCertificateBack: ['/uploads/b.png'],
      imgCertificateHand: [],
    });
    expect(reapplyValues(null)).toEqual({});
    expect(reapplyPath('a b/c')).toBe('/credit/application?creditId=a%20b%2Fc');
  });
});

describe('history paging (credit!histroy: pageNum/pageSize, spec §9 user lists 20)', () => {
  it('asks 20 a page, a positive page, at most 100 rows', () => {
    expect(HISTORY_PAGE_SIZE).toBe(20);
    expect(historyRequest(2, 20)).toEqual({ pageNum: 2, pageSize: 20 });
    expect(historyRequest(0, 500)).toEqual({ pageNum: 1, pageSize: 100 });
    expect(historyRequest(1.5, 0)).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('keeps money exact end to end (no floats)', () => {
    const amount = checkApplyAmount('29999999', config);
    expect(amount.ok && money.format(amount.value)).toBe('29999999.00');
  });
});
