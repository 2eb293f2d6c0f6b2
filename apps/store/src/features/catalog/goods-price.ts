// Prices as the server sends them: decimal strings. The buyer pays the discount price while a discount
// is running (the server only sends discountPrice then), otherwise the selling price.

interface Priced {
  sellingPrice: string;
  discountPrice?: string | undefined;
}

const DECIMAL = /^\d+(\.\d+)?$/;

function isAmount(value: string | undefined): value is string {
  return typeof value === 'string' && DECIMAL.test(value.trim());
}

/** The price the buyer pays now. */
export function payPrice(item: Priced): string {
  return isAmount(item.discountPrice) ? item.discountPrice.trim() : item.sellingPrice;
}

/** The crossed-out price, only when a discount is running and differs from the selling price. */
export function crossedOutPrice(item: Priced): string | undefined {
  if (!isAmount(item.discountPrice) || !isAmount(item.sellingPrice)) return undefined;
  return compareDecimals(item.discountPrice, item.sellingPrice) < 0 ? item.sellingPrice : undefined;
}

/** Compares two non-negative decimal strings exactly (no floats). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [ai = '0', af = ''] = a.trim().split('.');
  const [bi = '0', bf = ''] = b.trim().split('.');
  const width = Math.max(af.length, bf.length);
  const left = BigInt(ai + af.padEnd(width, '0'));
  const right = BigInt(bi + bf.padEnd(width, '0'));
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The discount as a whole percentage for the badge ("0.33" -> 33), from the ratio the server sends
 * (the share taken off). Undefined when absent, malformed or not strictly between 0 and 1.
 */
export function discountPercent(ratio: string | undefined): number | undefined {
  const match = /^0?\.(\d+)$/.exec(ratio?.trim() ?? '');
  if (!match) return undefined;
  const digits = (match[1] ?? '').padEnd(3, '0');
  // round half up on the third decimal: "0.335" -> 34
  const percent = Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return percent > 0 && percent < 100 ? percent : undefined;
}
