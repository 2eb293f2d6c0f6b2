// Money is never a JS number. A Money value is a bigint count of 10^-10 units (numeric(38,10) in
// PostgreSQL), branded so that plain bigints cannot be passed where money is expected by accident.
// Amounts travel on the wire as decimal strings.

export const MONEY_DECIMALS = 10;
const UNITS_PER_ONE = 10n ** BigInt(MONEY_DECIMALS);
/** numeric(38,10) leaves 28 integer digits. */
const MAX_INTEGER_DIGITS = 28;

declare const moneyBrand: unique symbol;
export type Money = bigint & { readonly [moneyBrand]: true };

export type MoneyParseFailure =
  | 'not_a_string_or_number'
  | 'empty'
  | 'malformed'
  | 'too_many_decimals'
  | 'too_large'
  | 'negative';

export class MoneyParseError extends Error {
  constructor(readonly reason: MoneyParseFailure) {
    super(`invalid money amount: ${reason}`);
  }
}

export type MoneyParseResult = { ok: true; value: Money } | { ok: false; reason: MoneyParseFailure };

export interface MoneyParseOptions {
  /** Ledger balances may be negative; amounts sent by users never are. */
  allowNegative?: boolean;
  /** Tighter decimal limit for a given field (e.g. 2 for recharges). */
  maxDecimals?: number;
}

const DECIMAL_PATTERN = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?$/;
/** numeric(38,10)'s text: up to 28 integer digits and exactly ten decimals. */
const DB_TEXT = /^-?(?:0|[1-9]\d{0,27})\.\d{10}$/;
const NON_ZERO_DIGIT = /[1-9]/;

function fromParts(negative: boolean, integer: string, fraction: string): Money {
  const units = BigInt(integer) * UNITS_PER_ONE + BigInt(fraction.padEnd(MONEY_DECIMALS, '0') || '0');
  return (negative ? -units : units) as Money;
}

/**
 * Strict parsing of a decimal amount as legacy clients send it: a decimal string, or a JSON number
 * whose shortest representation is a plain decimal. Rejects exponents, hex, whitespace, signs other
 * than a leading minus (and that only when allowed), NaN/Infinity, more than 10 decimals and values
 * beyond numeric(38,10).
 */
export function tryParseMoney(input: unknown, options: MoneyParseOptions = {}): MoneyParseResult {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'malformed' };
    text = String(input);
  } else if (typeof input === 'bigint') {
    text = input.toString();
  } else {
    return { ok: false, reason: 'not_a_string_or_number' };
  }
  if (text.length === 0) return { ok: false, reason: 'empty' };
  if (text.length > 64) return { ok: false, reason: 'too_large' };
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'malformed' };
  const negative = match[1] === '-';
  const integer = match[2] ?? '0';
  const fraction = match[3] ?? '';
  const maxDecimals = Math.min(options.maxDecimals ?? MONEY_DECIMALS, MONEY_DECIMALS);
  if (fraction.length > maxDecimals) return { ok: false, reason: 'too_many_decimals' };
  if (integer.length > MAX_INTEGER_DIGITS) return { ok: false, reason: 'too_large' };
  const value = fromParts(negative, integer, fraction);
  if (negative && value !== 0n && !options.allowNegative) return { ok: false, reason: 'negative' };
  return { ok: true, value: (value === 0n ? 0n : value) as Money };
}

export function parseMoney(input: unknown, options?: MoneyParseOptions): Money {
  const result = tryParseMoney(input, options);
  if (!result.ok) throw new MoneyParseError(result.reason);
  return result.value;
}

/** `half_even` (banker's rounding): a tie goes to the even neighbour, as loan interest is rounded. */
export type Rounding = 'down' | 'half_up' | 'half_even' | 'up';

function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const remainder = n % d;
  if (remainder !== 0n) {
    if (rounding === 'up' || (rounding === 'half_up' && remainder * 2n >= d)) quotient += 1n;
    else if (rounding === 'half_even' && (remainder * 2n > d || (remainder * 2n === d && quotient % 2n === 1n))) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

export const money = {
  zero: 0n as Money,
  fromUnits(units: bigint): Money {
    return units as Money;
  },
  /** Whole amount, e.g. money.of(500) for 500 USDT. For constants only; parse user input with parseMoney. */
  of(whole: number | bigint): Money {
    if (typeof whole === 'number' && !Number.isSafeInteger(whole)) throw new RangeError('money.of takes whole numbers');
    return (BigInt(whole) * UNITS_PER_ONE) as Money;
  },
  add(a: Money, b: Money): Money {
    return (a + b) as Money;
  },
  sub(a: Money, b: Money): Money {
    return (a - b) as Money;
  },
  neg(a: Money): Money {
    return (-a) as Money;
  },
  sum(values: Iterable<Money>): Money {
    let total = 0n;
    for (const value of values) total += value;
    return total as Money;
  },
  mulInt(a: Money, factor: number | bigint): Money {
    return (a * BigInt(factor)) as Money;
  },
  /** Multiply by a ratio given as a decimal string or Money-scaled ratio (e.g. "0.02"), rounding to 10 decimals. */
  mulRatio(a: Money, ratio: Money | string, rounding: Rounding = 'half_up'): Money {
    const r = typeof ratio === 'string' ? parseMoney(ratio, { allowNegative: true }) : ratio;
    return divideRounded(a * r, UNITS_PER_ONE, rounding) as Money;
  },
  /** a / b to 10 decimals (b must not be zero). */
  div(a: Money, b: Money, rounding: Rounding = 'half_up'): Money {
    if (b === 0n) throw new RangeError('division by zero');
    return divideRounded(a * UNITS_PER_ONE, b, rounding) as Money;
  },
  /** Round to a number of decimals (0..10). */
  round(a: Money, decimals: number, rounding: Rounding = 'half_up'): Money {
    const step = 10n ** BigInt(MONEY_DECIMALS - decimals);
    return (divideRounded(a, step, rounding) * step) as Money;
  },
  cmp(a: Money, b: Money): -1 | 0 | 1 {
    return a < b ? -1 : a > b ? 1 : 0;
  },
  min(a: Money, b: Money): Money {
    return a < b ? a : b;
  },
  max(a: Money, b: Money): Money {
    return a > b ? a : b;
  },
  isZero(a: Money): boolean {
    return a === 0n;
  },
  isPositive(a: Money): boolean {
    return a > 0n;
  },
  isNegative(a: Money): boolean {
    return a < 0n;
  },
  /**
   * Decimal string. By default the shortest exact form with at least `minDecimals` (2) decimals:
   * 12 -> "12.00", 0.1234 -> "0.1234". With `decimals`, a fixed number of decimals (rounded down
   * unless told otherwise), as the legacy server did for displayed prices.
   */
  format(a: Money, options: { minDecimals?: number; decimals?: number; rounding?: Rounding } = {}): string {
    // fixed decimals rounded down (toward zero), what every displayed amount uses: the digits cut
    // from the units' text, without the bigint arithmetic of rounding (lists format dozens per answer)
    if (options.decimals !== undefined && (options.rounding ?? 'down') === 'down' && options.decimals >= 0 && options.decimals <= MONEY_DECIMALS) {
      const negative = a < 0n;
      const digits = (negative ? -a : a).toString().padStart(MONEY_DECIMALS + 1, '0');
      const integer = digits.slice(0, digits.length - MONEY_DECIMALS);
      const text = options.decimals > 0 ? `${integer}.${digits.slice(digits.length - MONEY_DECIMALS, digits.length - MONEY_DECIMALS + options.decimals)}` : integer;
      // a value cut to zero has no sign
      return negative && NON_ZERO_DIGIT.test(text) ? `-${text}` : text;
    }
    let value: bigint = a;
    if (options.decimals !== undefined) value = money.round(a, options.decimals, options.rounding ?? 'down');
    const negative = value < 0n;
    const abs = negative ? -value : value;
    const integer = abs / UNITS_PER_ONE;
    let fraction = (abs % UNITS_PER_ONE).toString().padStart(MONEY_DECIMALS, '0');
    const keep = options.decimals ?? Math.max(options.minDecimals ?? 2, fraction.replace(/0+$/, '').length);
    fraction = fraction.slice(0, keep);
    const text = fraction.length > 0 ? `${integer}.${fraction}` : integer.toString();
    return negative && value !== 0n ? `-${text}` : text;
  },
  /** numeric(38,10) text as PostgreSQL returns it ("12.5000000000"); accepts negatives. */
  fromDb(text: string): Money {
    // with its ten decimals, the digits without the point are the units: one bigint parse
    if (DB_TEXT.test(text)) return BigInt(text.slice(0, text.length - MONEY_DECIMALS - 1) + text.slice(text.length - MONEY_DECIMALS)) as Money;
    return parseMoney(text, { allowNegative: true });
  },
  toDb(a: Money): string {
    return money.format(a, { decimals: MONEY_DECIMALS });
  },
};
