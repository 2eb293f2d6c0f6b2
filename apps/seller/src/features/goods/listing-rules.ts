// What a seller types when listing goods, checked before it is sent: the profit and the discount are
// typed as percentages ("15" = 15 %, at most 2 decimals) and sent as ratios ("0.15", the contract's
// at most 4 decimals); the profit must lie within the platform's range (api/sysParaProduct!info), the
// discount above 0 and at most the platform's largest. Prices are previewed with the contract's own
// pricing (sellingPriceOf, discountedPrice), so the panel shows the cents the server will charge.
// Discount windows are typed in the seller's own time and sent in the platform's zone.
import { money, tryParseMoney, type Money } from '@caravan/contract/money';
import { discountedPrice, sellingPriceOf } from '@caravan/contract/pricing';
import { formatLocalTime, parsePlatformTime } from '@caravan/ui/format';

/** A percentage keeps at most 2 decimals, so its ratio has at most 4 (the contract's limit). */
export const PERCENT_DECIMALS = 2;
const HUNDRED = money.of(100);

export type PercentProblem = 'required' | 'format' | 'belowMin' | 'aboveMax';
export type PercentCheck = { ok: true; ratio: string } | { ok: false; problem: PercentProblem; min?: string; max?: string };

function parsePercent(text: string | null | undefined): Money | undefined {
  const parsed = tryParseMoney((text ?? '').trim(), { maxDecimals: PERCENT_DECIMALS });
  return parsed.ok ? parsed.value : undefined;
}

/** "15" -> "0.15", "7.5" -> "0.075", "120" -> "1.2"; undefined when it is not a plain percentage. */
export function percentToRatio(text: string | null | undefined): string | undefined {
  const value = parsePercent(text);
  return value === undefined ? undefined : money.format(money.div(value, HUNDRED), { minDecimals: 0 });
}

/** "0.15" -> "15", "0.075" -> "7.5"; '' when the ratio is not one. */
export function ratioToPercent(ratio: string | null | undefined): string {
  const parsed = tryParseMoney((ratio ?? '').trim());
  return parsed.ok ? money.format(money.mulInt(parsed.value, 100), { minDecimals: 0 }) : '';
}

function ratioMoney(ratio: string | undefined): Money | undefined {
  if (ratio === undefined) return undefined;
  const parsed = tryParseMoney(ratio.trim());
  return parsed.ok ? parsed.value : undefined;
}

/** The profit percentage: required, within [profitMin, profitMax] (ratios from the server). */
export function checkProfit(text: string | null | undefined, range: { profitMin?: string | undefined; profitMax?: string | undefined }): PercentCheck {
  if ((text ?? '').trim() === '') return { ok: false, problem: 'required' };
  const ratio = percentToRatio(text);
  const value = ratioMoney(ratio);
  if (ratio === undefined || value === undefined) return { ok: false, problem: 'format' };
  const min = ratioMoney(range.profitMin);
  const max = ratioMoney(range.profitMax);
  const bounds = { min: ratioToPercent(range.profitMin), max: ratioToPercent(range.profitMax) };
  if (min !== undefined && money.cmp(value, min) < 0) return { ok: false, problem: 'belowMin', ...bounds };
  if (max !== undefined && money.cmp(value, max) > 0) return { ok: false, problem: 'aboveMax', ...bounds };
  return { ok: true, ratio };
}

/** The discount percentage: above 0, below 100 and at most the platform's largest (discountMax, a ratio). */
export function checkDiscount(text: string | null | undefined, discountMax: string | undefined): PercentCheck {
  if ((text ?? '').trim() === '') return { ok: false, problem: 'required' };
  const ratio = percentToRatio(text);
  const value = ratioMoney(ratio);
  if (ratio === undefined || value === undefined) return { ok: false, problem: 'format' };
  const configured = ratioMoney(discountMax);
  const below100 = money.sub(money.of(1), money.fromUnits(1n));
  const max = configured === undefined ? below100 : money.min(configured, below100);
  const bounds = { min: '0', max: ratioToPercent(money.format(max, { minDecimals: 0 })) };
  if (!money.isPositive(value)) return { ok: false, problem: 'belowMin', ...bounds };
  if (money.cmp(value, max) > 0) return { ok: false, problem: 'aboveMax', ...bounds };
  return { ok: true, ratio };
}

export interface PricePreview {
  /** wholesale x (1 + profit), truncated to the cent */
  selling: string;
  /** selling x (1 - discount), truncated to the cent; undefined without a discount */
  discounted?: string;
  /** what one unit earns before commission: the price the buyer pays (discounted while the discount runs) - wholesale */
  margin: string;
}

/** The prices a buyer will see for a good with this profit (and discount) ratio; undefined when the wholesale price is unreadable. */
export function previewPrices(wholesale: string, profitRatio: string, discountRatio?: string): PricePreview | undefined {
  const base = tryParseMoney(wholesale.trim());
  if (!base.ok) return undefined;
  const selling = sellingPriceOf(base.value, profitRatio);
  const discounted = discountRatio ? discountedPrice(selling, discountRatio) : undefined;
  const cents = (value: Money) => money.format(value, { decimals: 2 });
  return {
    selling: cents(selling),
    ...(discounted !== undefined ? { discounted: cents(discounted) } : {}),
    margin: cents(money.sub(discounted ?? selling, base.value)),
  };
}

// ---- discount window ------------------------------------------------------------------------------

export type WindowProblem = 'startRequired' | 'endRequired' | 'order';

/** A `datetime-local` value (the seller's own time) as the platform's "yyyy-MM-dd HH:mm:ss"; undefined when empty or unreadable. */
export function localToPlatform(value: string | null | undefined, platformTimeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec((value ?? '').trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0'] = match;
  const local = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(local.getTime()) ? undefined : formatLocalTime(local, platformTimeZone);
}

/** The platform's "yyyy-MM-dd HH:mm:ss" as a `datetime-local` value in the seller's own time ('' when empty). */
export function platformToLocal(value: string | null | undefined, platformTimeZone: string): string {
  if (!value) return '';
  const date = parsePlatformTime(value, platformTimeZone);
  return date ? formatLocalTime(date).slice(0, 16).replace(' ', 'T') : '';
}

/** Both ends are required with a discount, and the end comes after the start. */
export function checkWindow(start: string | undefined, end: string | undefined): WindowProblem | undefined {
  if (!start) return 'startRequired';
  if (!end) return 'endRequired';
  return end > start ? undefined : 'order';
}
