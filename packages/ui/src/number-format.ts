// Number formatting for the store's 21 languages without Intl.NumberFormat: its first use in a page
// loads the browser's number data, a single task of about 50 ms (four times that on Lighthouse's phone),
// which every page with a price or a count paid while it started. The symbols below are CLDR 48's (the
// data of Node 24 and Chromium 156, which agree for these languages); test/number-format.test.ts
// compares the formatting with Intl for every language. The same table on the server and in the browser
// also keeps a page the server rendered (ADR 0019) identical when the browser hydrates it.

export interface NumberSymbols {
  decimal: string;
  group: string;
  /** the ten digits, 0 to 9 */
  digits: string;
  /** digits in the last group before the decimal separator, and in each group before it (2 in Hindi) */
  primaryGroup: number;
  secondaryGroup: number;
  /** the fewest digits of the first group for grouping to happen at all (2 in Spanish: 1234, 12.345) */
  minimumGrouping: number;
  percentPrefix: string;
  percentSuffix: string;
}

/** By BCP 47 tag (languageTag(): Filipino is fil). */
export const NUMBER_SYMBOLS: Readonly<Record<string, NumberSymbols>> = {
  "zh-CN": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "zh-TW": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "en": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "ja": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "de": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "\u00a0%" },
  "ms": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "af": { decimal: ",", group: "\u00a0", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "th": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "el": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "pt": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "es": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 2, percentPrefix: "", percentSuffix: "\u00a0%" },
  "fr": { decimal: ",", group: "\u202f", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "\u00a0%" },
  "ru": { decimal: ",", group: "\u00a0", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "\u00a0%" },
  "it": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 2, percentPrefix: "", percentSuffix: "%" },
  "tr": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "%", percentSuffix: "" },
  "ko": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "fil": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "ar": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "\u200e%\u200e" },
  "id": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "hi": { decimal: ".", group: ",", digits: "0123456789", primaryGroup: 3, secondaryGroup: 2, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
  "vi": { decimal: ",", group: ".", digits: "0123456789", primaryGroup: 3, secondaryGroup: 3, minimumGrouping: 1, percentPrefix: "", percentSuffix: "%" },
};

/** The symbols of one of the store's BCP 47 tags, or undefined (a region's own digits differ: ar-EG). */
export function numberSymbols(tag: string): NumberSymbols | undefined {
  return Object.hasOwn(NUMBER_SYMBOLS, tag) ? NUMBER_SYMBOLS[tag] : undefined;
}

/** ASCII digits of a whole number, grouped and written with the language's digits. */
export function groupDigits(integerDigits: string, symbols: NumberSymbols, group = symbols.group): string {
  const digits = integerDigits.replace(/^0+(?=\d)/, '');
  let grouped = digits;
  if (digits.length >= symbols.primaryGroup + symbols.minimumGrouping) {
    const last = digits.slice(-symbols.primaryGroup);
    let rest = digits.slice(0, -symbols.primaryGroup);
    const groups: string[] = [last];
    while (rest.length > symbols.secondaryGroup) {
      groups.unshift(rest.slice(-symbols.secondaryGroup));
      rest = rest.slice(0, -symbols.secondaryGroup);
    }
    if (rest.length > 0) groups.unshift(rest);
    grouped = groups.join(group);
  }
  return localDigits(grouped, symbols);
}

function localDigits(text: string, symbols: NumberSymbols): string {
  return symbols.digits === '0123456789' ? text : text.replace(/\d/g, (digit) => symbols.digits[Number(digit)] ?? digit);
}

/**
 * A number as Intl.NumberFormat(tag) writes it by default (up to 3 decimals, half away from zero), for
 * numbers from 0 up to 2^53; `maximumFractionDigits` 0 for whole numbers.
 */
export function formatNumber(value: number, symbols: NumberSymbols, maximumFractionDigits = 3): string {
  const scale = 10 ** maximumFractionDigits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const [integer = '0', decimals = ''] = rounded.toFixed(maximumFractionDigits).split('.');
  const fraction = decimals.replace(/0+$/, '');
  const text = `${groupDigits(integer, symbols)}${fraction ? symbols.decimal + localDigits(fraction, symbols) : ''}`;
  return value < 0 && rounded !== 0 ? `-${text}` : text;
}

/** A whole percentage (33 -> "33%", "%33" in Turkish). */
export function formatPercent(value: number, symbols: NumberSymbols): string {
  return `${symbols.percentPrefix}${formatNumber(value, symbols, 0)}${symbols.percentSuffix}`;
}
