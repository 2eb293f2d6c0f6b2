// The start-up loan screens' rules (spec §1 "Loan service", §4 "Loan", §5, §9; API reference §9), as
// pure functions so they are tested without a browser: the amount (a whole number within the configured
// range), the term (days of `allLendableDays`, those missing from `lendableDays` unavailable), the cost
// shown before applying (the contract's one loan-cost rule), the due date, the legacy states and paths.
import { loanCost, overdueInterestPerDay } from '@caravan/contract/loan-cost';
import { money, tryParseMoney, type Money } from '@caravan/contract/money';
// the wallet's copy of the server's page-size ceiling: importing the contract's paging would bundle zod
import { MAX_PAGE_SIZE } from '@caravan/ui/wallet/records-page';
import type { CreditConfig, CreditRecord } from './types.ts';
import type { KycRecord } from '@caravan/contract/kyc';

export const CREDIT_PATH = '/credit';
export const CREDIT_APPLICATION_PATH = '/credit/application';
export const CREDIT_MY_LOAN_PATH = '/credit/myLoan';

/** The application page prefilled from a rejected loan (credit!beforereapply). */
export function reapplyPath(creditId: string): string {
  return `${CREDIT_APPLICATION_PATH}?creditId=${encodeURIComponent(creditId)}`;
}

/** Loans are lent and repaid in the wallet's currency. */
export const LOAN_CURRENCY = 'USDT';
/** Spec §9: user lists 20 a page. */
export const HISTORY_PAGE_SIZE = 20;
/** The module name of the ID photos for uploadimg!execute (the server files them as documents). */
export const ID_PHOTO_MODULE = 'credit';
/** The server's limit for documents (uploads module: "document" 30M, spec §9). */
export const ID_PHOTO_MAX_MEGABYTES = 30;
/** Spec §9: loans from 100,000 to 30,000,000 (credit!config gives the platform's current range). */
export const SPEC_AMOUNT_MIN = '100000';
export const SPEC_AMOUNT_MAX = '30000000';
/** Spec §9: a term of at most one year. */
export const MAX_TERM_DAYS = 365;
/** Identity fields as the server stores them. */
export const REAL_NAME_MAX = 64;
export const IDENTIFICATION_MAX = 64;

// ---- states -----------------------------------------------------------------------------------------

export const CREDIT_STATES = ['pending', 'approved', 'overdue', 'rejected', 'repaid'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

/** Legacy `status`: 1 pending review, 2 approved, 3 overdue, 4 rejected, 5 repaid; anything else is pending. */
export function creditStateOf(status: number | string | null | undefined): CreditState {
  const code = Number(status);
  return Number.isInteger(code) && code >= 1 && code <= CREDIT_STATES.length ? (CREDIT_STATES[code - 1] ?? 'pending') : 'pending';
}

/** A loan that is out and not yet paid back can be repaid. */
export function isRepayable(state: CreditState): boolean {
  return state === 'approved' || state === 'overdue';
}

/** The record's id, under either of the names the legacy clients read. */
export function creditIdOf(record: { id?: string | undefined; creditId?: string | undefined }): string {
  return record.id || record.creditId || '';
}

/** The loan the bill is about: the one approved or overdue loan (one unfinished loan per user). */
export function currentLoan<T extends { status: number | string }>(records: readonly T[]): T | undefined {
  return records.find((record) => isRepayable(creditStateOf(record.status)));
}

/** credit!check answers the string "true" when the user may apply; anything else means not now. */
export function mayApply(answer: unknown): boolean {
  return answer === 'true' || answer === true;
}

// ---- amount and term --------------------------------------------------------------------------------

export type AmountProblem = 'required' | 'whole' | 'min' | 'max';
export type AmountCheck = { ok: true; value: Money; text: string } | { ok: false; problem: AmountProblem };

function moneyOf(text: string | number | null | undefined): Money | undefined {
  if (text === null || text === undefined) return undefined;
  const parsed = tryParseMoney(String(text).trim());
  return parsed.ok ? parsed.value : undefined;
}

/** The configured range, or the spec's when the configuration does not give one. */
export function amountRange(config: Pick<CreditConfig, 'amountMin' | 'amountMax'> | undefined): { min: Money; max: Money } {
  return {
    min: moneyOf(config?.amountMin) ?? money.of(Number(SPEC_AMOUNT_MIN)),
    max: moneyOf(config?.amountMax) ?? money.of(Number(SPEC_AMOUNT_MAX)),
  };
}

/** Grouping separators and spaces people type are ignored ("100,000" and "100 000" are 100000). */
export function normaliseAmountInput(raw: string): string {
  return raw.replace(/[\s,\u00a0\u202f'’_]/g, '');
}

/** The amount: a whole number within the range (credit!apply refuses decimals). */
export function checkApplyAmount(raw: string | null | undefined, config: Pick<CreditConfig, 'amountMin' | 'amountMax'> | undefined): AmountCheck {
  const text = normaliseAmountInput(raw ?? '');
  if (text.length === 0) return { ok: false, problem: 'required' };
  if (!/^\d+$/.test(text)) return { ok: false, problem: 'whole' };
  const value = money.of(BigInt(text));
  const { min, max } = amountRange(config);
  if (money.cmp(value, min) < 0) return { ok: false, problem: 'min' };
  if (money.cmp(value, max) > 0) return { ok: false, problem: 'max' };
  return { ok: true, value, text: text.replace(/^0+(?=\d)/, '') };
}

export interface TermOption {
  days: number;
  /** false when the platform does not lend for this term at the moment */
  enabled: boolean;
}

function dayList(values: readonly (string | number)[] | null | undefined): number[] {
  const days = (values ?? []).map((value) => Number(String(value).trim())).filter((days) => Number.isSafeInteger(days) && days > 0 && days <= MAX_TERM_DAYS);
  return [...new Set(days)].sort((a, b) => a - b);
}

/** Every term of `allLendableDays`, shortest first; those missing from `lendableDays` disabled. */
export function termOptions(config: Pick<CreditConfig, 'lendableDays' | 'allLendableDays'> | undefined): TermOption[] {
  const lendable = new Set(dayList(config?.lendableDays));
  return dayList(config?.allLendableDays).map((days) => ({ days, enabled: lendable.has(days) }));
}

/** A term that may be chosen: one of the enabled options. */
export function isLendableTerm(days: number | undefined, options: readonly TermOption[]): days is number {
  return days !== undefined && options.some((option) => option.days === days && option.enabled);
}

// ---- the cost disclosure ----------------------------------------------------------------------------

export interface CostDisclosure {
  totalInterest: string;
  totalRepayment: string;
  /** overdue interest for each day late */
  overduePerDay: string;
  /** YYYY-MM-DD in the platform's time zone, counted from today (the day of approval at best) */
  dueDate: string;
}

/** Today's date in the platform's zone plus `days`, as YYYY-MM-DD (counted on the calendar, not in hours). */
export function dueDateFrom(now: Date, days: number, timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [year, month, day] = today.split('-').map(Number);
  const due = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return due.toISOString().slice(0, 10);
}

/**
 * The honest figures for an amount and a term (ARCHITECTURE §4): interest = rate per day x amount x
 * days (half to even, cents), the total to repay, the overdue interest per day and the due date.
 * Undefined until the amount is valid, the term chosen and the rates known.
 */
export function costDisclosure(
  input: { amount: string | null | undefined; days: number | undefined },
  config: Pick<CreditConfig, 'rate' | 'defaultRate' | 'amountMin' | 'amountMax'> | undefined,
  today: { now: Date; timeZone: string },
): CostDisclosure | undefined {
  const amount = checkApplyAmount(input.amount, config);
  if (!amount.ok || input.days === undefined || !config) return undefined;
  const cost = loanCost({ amount: amount.text, rate: String(config.rate), days: input.days });
  const overdue = overdueInterestPerDay(amount.text, String(config.defaultRate));
  if (!cost || overdue === undefined) return undefined;
  return {
    totalInterest: money.format(cost.totalInterest),
    totalRepayment: money.format(cost.totalRepayment),
    overduePerDay: money.format(overdue),
    dueDate: dueDateFrom(today.now, input.days, today.timeZone),
  };
}

/** A rate per day as a percentage, exactly ("0.0015" -> "0.15"); undefined when it is not a rate. */
export function ratePercent(rate: string | number | null | undefined): string | undefined {
  const value = moneyOf(rate === null || rate === undefined ? undefined : String(rate));
  if (value === undefined) return undefined;
  return money.format(money.mulInt(value, 100), { minDecimals: 0 });
}

// ---- re-applying ------------------------------------------------------------------------------------

export interface ApplicationValues {
  applyAmount?: string;
  creditPeriod?: number;
  realName?: string;
  identification?: string;
  countryId?: number;
  imgCertificateFace?: string[];
  imgCertificateBack?: string[];
  imgCertificateHand?: string[];
  agreed?: boolean;
}

const photo = (url: string | null | undefined) => (url ? [url] : []);

/** The form's values from a rejected loan (credit!beforereapply); the agreement is ticked again by hand. */
/**
 * A new application starts from a passed real-name verification (kyc!get status 2): the verified name,
 * document number and nationality. The ID photos stay the loan's own uploads.
 */
export function kycPrefill(record: Pick<KycRecord, 'status' | 'name' | 'idnumber' | 'nationality'> | null | undefined): ApplicationValues {
  if (!record || record.status !== 2) return {};
  const countryId = Number(record.nationality);
  return {
    ...(record.name ? { realName: record.name } : {}),
    ...(record.idnumber ? { identification: record.idnumber } : {}),
    ...(Number.isSafeInteger(countryId) && countryId > 0 ? { countryId } : {}),
  };
}

export function reapplyValues(record: Partial<CreditRecord> | null | undefined): ApplicationValues {
  if (!record) return {};
  const amount = moneyOf(record.applyAmount === undefined || record.applyAmount === null ? undefined : String(record.applyAmount));
  const days = Number(record.creditPeriod);
  const countryId = Number(record.countryId);
  return {
    ...(amount !== undefined ? { applyAmount: money.format(amount, { minDecimals: 0 }) } : {}),
    ...(Number.isSafeInteger(days) && days > 0 ? { creditPeriod: days } : {}),
    ...(record.realName ? { realName: record.realName } : {}),
    ...(record.identification ? { identification: record.identification } : {}),
    ...(Number.isSafeInteger(countryId) && countryId > 0 ? { countryId } : {}),
    imgCertificateFace: photo(record.imgCertificateFace),
    imgCertificateBack: photo(record.imgCertificateBack),
    imgCertificateHand: photo(record.imgCertificateHand),
  };
}

export type ApplicationProblem = 'amount' | 'term' | 'realName' | 'identification' | 'country' | 'photos' | 'agreement';

export interface ApplyParams {
  applyAmount: string;
  creditPeriod: number;
  realName: string;
  identification: string;
  countryId: number;
  imgCertificateFace: string;
  imgCertificateBack: string;
  imgCertificateHand: string;
  creditId?: string;
}

/** credit!apply's parameters from the form, or the first thing missing (in the form's order). */
export function applyParams(
  values: ApplicationValues,
  config: CreditConfig | undefined,
  creditId: string | undefined,
): { ok: true; params: ApplyParams } | { ok: false; problem: ApplicationProblem } {
  const amount = checkApplyAmount(values.applyAmount, config);
  if (!amount.ok) return { ok: false, problem: 'amount' };
  if (!isLendableTerm(values.creditPeriod, termOptions(config))) return { ok: false, problem: 'term' };
  const realName = (values.realName ?? '').trim();
  if (!realName || [...realName].length > REAL_NAME_MAX) return { ok: false, problem: 'realName' };
  const identification = (values.identification ?? '').trim();
  if (!identification || [...identification].length > IDENTIFICATION_MAX) return { ok: false, problem: 'identification' };
  if (!values.countryId || !Number.isSafeInteger(values.countryId)) return { ok: false, problem: 'country' };
  const [face] = values.imgCertificateFace ?? [];
  const [back] = values.imgCertificateBack ?? [];
  const [hand] = values.imgCertificateHand ?? [];
  if (!face || !back || !hand) return { ok: false, problem: 'photos' };
  if (values.agreed !== true) return { ok: false, problem: 'agreement' };
  return {
    ok: true,
    params: {
      applyAmount: amount.text,
      creditPeriod: values.creditPeriod,
      realName,
      identification,
      countryId: values.countryId,
      imgCertificateFace: face,
      imgCertificateBack: back,
      imgCertificateHand: hand,
      ...(creditId ? { creditId } : {}),
    },
  };
}

/** credit!histroy's request (pageNum/pageSize, answered with a Page object): a positive page, 1..100 rows. */
export function historyRequest(pageNum: number, pageSize: number): { pageNum: number; pageSize: number } {
  return {
    pageNum: Number.isSafeInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
    pageSize: Number.isSafeInteger(pageSize) && pageSize >= 1 ? Math.min(pageSize, MAX_PAGE_SIZE) : HISTORY_PAGE_SIZE,
  };
}
