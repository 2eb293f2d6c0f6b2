// Amount rules of the wallet forms (spec section 5 "Amounts", API reference section 7). Money is never a
// JS number: the text the user typed is parsed into a bigint Money and compared with the limits, which
// the server sends as decimal strings. Each failure is a key the form translates.
import { money, tryParseMoney, type Money } from '@caravan/contract/money';

/** Deposits and withdrawals of USDT (and fiat) are whole cents (the server's WALLET_AMOUNT_DECIMALS). */
export const CENT_DECIMALS = 2;
/** BTC and ETH deposits keep satoshi-like precision (the server's COIN_AMOUNT_DECIMALS). */
export const COIN_DECIMALS = 8;
/** Spec section 5: a recharge is never below 1 (USDT value), whatever the configured minimum. */
export const RECHARGE_FLOOR = '1';

export const STABLECOINS: readonly string[] = ['USDT', 'USDC'];

export function isStablecoin(coin: string): boolean {
  return STABLECOINS.includes(coin.trim().toUpperCase());
}

export type AmountError =
  | 'required'
  | 'currencyRequired'
  | 'malformed'
  | 'tooManyDecimals'
  | 'notPositive'
  | 'belowMin'
  | 'aboveMax'
  | 'aboveBalance'
  | 'noArrival'
  | 'priceUnavailable';

export type AmountCheck =
  | { ok: true; value: Money }
  | { ok: false; error: AmountError; params?: { min?: string; max?: string; balance?: string; decimals?: number } };

export interface AmountLimits {
  /** smallest accepted amount (inclusive), decimal string */
  min?: string | undefined;
  /** largest accepted amount (inclusive), decimal string */
  max?: string | undefined;
  /** what the user can spend, decimal string */
  balance?: string | undefined;
}

/** A decimal string from the server as Money, or undefined when it is not one (then the limit is not applied). */
export function moneyOf(text: string | null | undefined): Money | undefined {
  if (text === null || text === undefined) return undefined;
  const parsed = tryParseMoney(String(text).trim(), { allowNegative: true });
  return parsed.ok ? parsed.value : undefined;
}

/** The larger of two decimal limits (either may be missing). */
export function largerLimit(a: string | undefined, b: string | undefined): string | undefined {
  const x = moneyOf(a);
  const y = moneyOf(b);
  if (x === undefined) return y === undefined ? undefined : b;
  if (y === undefined) return a;
  return money.cmp(x, y) >= 0 ? a : b;
}

/** Parses what the user typed: required, a plain decimal (no exponent, sign or NaN), at most `maxDecimals`, above 0. */
export function parseAmount(text: string | null | undefined, maxDecimals: number): AmountCheck {
  const trimmed = (text ?? '').trim();
  if (trimmed.length === 0) return { ok: false, error: 'required' };
  const parsed = tryParseMoney(trimmed, { maxDecimals, allowNegative: true });
  if (!parsed.ok) {
    if (parsed.reason === 'too_many_decimals') return { ok: false, error: 'tooManyDecimals', params: { decimals: maxDecimals } };
    return { ok: false, error: 'malformed' };
  }
  if (!money.isPositive(parsed.value)) return { ok: false, error: 'notPositive' };
  return { ok: true, value: parsed.value };
}

/** Compares a value (already in the limits' unit) with min, max and balance. */
function withinLimits(value: Money, limits: AmountLimits): AmountCheck {
  const min = moneyOf(limits.min);
  const max = moneyOf(limits.max);
  const balance = moneyOf(limits.balance);
  if (min !== undefined && money.cmp(value, min) < 0) return { ok: false, error: 'belowMin', params: { min: money.format(min, { minDecimals: 0 }) } };
  if (max !== undefined && money.cmp(value, max) > 0) return { ok: false, error: 'aboveMax', params: { max: money.format(max, { minDecimals: 0 }) } };
  if (balance !== undefined && money.cmp(value, balance) > 0) return { ok: false, error: 'aboveBalance', params: { balance: money.format(balance) } };
  return { ok: true, value };
}

/** An amount in cents within limits: third-party deposits (the channel's range) and generic checks. */
export function checkCentAmount(text: string | null | undefined, limits: AmountLimits = {}): AmountCheck {
  const parsed = parseAmount(text, CENT_DECIMALS);
  if (!parsed.ok) return parsed;
  const checked = withinLimits(parsed.value, limits);
  return checked.ok ? parsed : checked;
}

/** Bank-card deposit (USD, 1:1 with USDT): cents, at least 1 and within the recharge limits. */
export function checkBankCardAmount(text: string | null | undefined, limits: { min?: string | undefined; max?: string | undefined }): AmountCheck {
  return checkCentAmount(text, { min: largerLimit(RECHARGE_FLOOR, limits.min), max: limits.max });
}

/** USDT credited for an amount of a coin at a price (USDT per coin): rounded down to cents, as the server credits. */
export function expectedArrival(amount: Money, price: string): Money | undefined {
  const rate = moneyOf(price);
  if (rate === undefined || !money.isPositive(rate)) return undefined;
  return money.round(money.mulRatio(amount, rate, 'down'), CENT_DECIMALS, 'down');
}

export interface CoinRechargeRules {
  /** the chosen coin; none chosen yet is an error of its own ("choose a currency first") */
  coin: string | undefined;
  /** USDT per coin ("1" for stablecoins) */
  price: string | undefined;
  /** limits of the USDT value */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * Blockchain deposit: stablecoins in cents, BTC/ETH up to 8 decimals; the USDT value (amount x price,
 * as the server computes it) at least 1 and within the configured limits.
 */
export function checkCoinRecharge(text: string | null | undefined, rules: CoinRechargeRules): AmountCheck {
  const trimmed = (text ?? '').trim();
  if (!rules.coin) return { ok: false, error: trimmed.length === 0 ? 'required' : 'currencyRequired' };
  const stable = isStablecoin(rules.coin);
  const parsed = parseAmount(trimmed, stable ? CENT_DECIMALS : COIN_DECIMALS);
  if (!parsed.ok) return parsed;
  const price = stable ? money.of(1) : moneyOf(rules.price);
  if (price === undefined || !money.isPositive(price)) return { ok: false, error: 'priceUnavailable' };
  const usdtValue = money.mulRatio(parsed.value, price, 'down');
  const checked = withinLimits(usdtValue, { min: largerLimit(RECHARGE_FLOOR, rules.min), max: rules.max });
  return checked.ok ? parsed : checked;
}

/** The withdrawal fee of an amount at a rate (0.01 = 1 %): rounded half up to the cent, as the server books it. */
export function withdrawFee(amount: Money, rate: string): Money {
  const ratio = moneyOf(rate) ?? money.zero;
  return money.round(money.mulRatio(amount, ratio, 'half_up'), CENT_DECIMALS, 'half_up');
}

/**
 * What arrives: amount x (1 - rate), in exact bigint arithmetic. The fee is rounded to the cent first
 * (half up, as the server does), so the figure shown is the one the withdrawal record will carry.
 */
export function withdrawArrival(amount: Money, rate: string): Money {
  return money.sub(amount, withdrawFee(amount, rate));
}

/** A rate as a percentage without float noise: "0.01" -> "1", "0.015" -> "1.5". Undefined when not a rate. */
export function ratePercent(rate: string | null | undefined): string | undefined {
  const ratio = moneyOf(rate);
  if (ratio === undefined || money.isNegative(ratio)) return undefined;
  return money.format(money.mulInt(ratio, 100), { minDecimals: 0 });
}

export interface WithdrawRules {
  min?: string | undefined;
  max?: string | undefined;
  /** the spendable balance */
  balance?: string | undefined;
  /** the fee rate */
  rate?: string | undefined;
}

/** Withdrawal: cents, above 0, within min/max and the balance, and something must be left after the fee. */
export function checkWithdrawAmount(text: string | null | undefined, rules: WithdrawRules): AmountCheck {
  const checked = checkCentAmount(text, { min: rules.min, max: rules.max, balance: rules.balance });
  if (!checked.ok) return checked;
  if (rules.rate !== undefined && !money.isPositive(withdrawArrival(checked.value, rules.rate))) return { ok: false, error: 'noArrival' };
  return checked;
}

/** Wire form of a parsed amount: its exact decimal ("250.50", "0.00123456"). */
export function amountParam(value: Money): string {
  return money.format(value);
}
