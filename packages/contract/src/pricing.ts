import { money, parseMoney, type Money } from './money.ts';

// How a listing's prices follow from the wholesale price (API reference section 10), shared by the
// server (listings, checkout) and the seller panel's preview so both show the same cents.

const ONE = parseMoney('1');

/** Selling price: wholesale x (1 + profit ratio), truncated to 2 decimals. */
export function sellingPriceOf(wholesale: Money, profitRatio: string): Money {
  return money.round(money.mulRatio(wholesale, money.add(ONE, parseMoney(profitRatio)), 'down'), 2, 'down');
}

/** Price after a discount ratio: price x (1 - ratio), truncated to 2 decimals. */
export function discountedPrice(value: Money, ratio: string): Money {
  return money.round(money.mulRatio(value, money.sub(ONE, parseMoney(ratio)), 'down'), 2, 'down');
}
