// Decimal amounts as strings and bigints, never floats (money is never a JS number in this app).

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Integer digits beyond this are not an amount anyone pays (and keep bigint maths small). */
const MAX_INTEGER_DIGITS = 20;

export interface ScaledAmount {
  /** the amount times 10^scale */
  units: bigint;
  scale: number;
}

/** "12.50" -> { units: 1250n, scale: 2 }; undefined for anything but plain non-negative decimals. */
export function parseDecimal(text: string): ScaledAmount | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const integer = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (integer.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return undefined;
  return { units: BigInt(integer + fraction), scale: fraction.length };
}

function rescale(amount: ScaledAmount, scale: number): bigint {
  return amount.units * 10n ** BigInt(scale - amount.scale);
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: ScaledAmount, b: ScaledAmount): number {
  const scale = Math.max(a.scale, b.scale);
  const left = rescale(a, scale);
  const right = rescale(b, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Writes scaled units back as a decimal string with exactly `scale` decimals. */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${integer}${scale > 0 ? `.${fraction}` : ''}`;
}

/** A line's amount: unit price times quantity, exactly ("12.50" x 3 = "37.50"); undefined when unreadable. */
export function multiplyAmount(unitPrice: string, quantity: number): string | undefined {
  const price = parseDecimal(unitPrice.trim());
  if (!price || !Number.isSafeInteger(quantity) || quantity < 0) return undefined;
  return formatScaled(price.units * BigInt(quantity), price.scale);
}

/** Spec section 5: amounts have at most 10 decimal places. */
export const MAX_AMOUNT_DECIMALS = 10;

/**
 * Decimals the server takes for a refund amount: order amounts are cents and order!returns refuses
 * more than 2 decimals (refund.service parseAmount), so the form asks for the same, inside the
 * spec's general limit of 10.
 */
export const REFUND_AMOUNT_DECIMALS = 2;

export type RefundAmountProblem = 'required' | 'format' | 'decimals' | 'zero' | 'aboveTotal';

export type RefundAmountCheck = { ok: true; value: string } | { ok: false; problem: RefundAmountProblem };

/**
 * A refund amount typed by the buyer: a plain decimal, above 0, at most the order total and at most
 * `maxDecimals` decimals. The value sent is the input without surrounding spaces or leading zeros.
 */
export function checkRefundAmount(input: string, orderTotal: string, maxDecimals: number = REFUND_AMOUNT_DECIMALS): RefundAmountCheck {
  const text = input.trim();
  if (text.length === 0) return { ok: false, problem: 'required' };
  const amount = parseDecimal(text);
  if (!amount) return { ok: false, problem: 'format' };
  if (amount.scale > Math.min(maxDecimals, MAX_AMOUNT_DECIMALS)) return { ok: false, problem: 'decimals' };
  if (amount.units === 0n) return { ok: false, problem: 'zero' };
  const total = parseDecimal(orderTotal.trim());
  // an order without a readable total cannot be checked here: the server decides
  if (total && compareDecimals(amount, total) > 0) return { ok: false, problem: 'aboveTotal' };
  return { ok: true, value: formatScaled(amount.units, amount.scale) };
}
