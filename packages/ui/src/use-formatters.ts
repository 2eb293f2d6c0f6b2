// Counts and percentages in the viewer's locale (digits, separators and the percent sign differ).
import { useNumberLocale } from './amount.tsx';
import { formatNumber, formatPercent, numberSymbols } from './number-format.ts';

export interface Formatters {
  count: (value: number) => string;
  /** a whole percentage (33 -> "33%") */
  percent: (value: number) => string;
}

// one pair of Intl formatters per locale for the whole page: building one costs a fraction of a
// millisecond, and a product grid asks for them once per card
const cache = new Map<string, Formatters>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat('en', options);
  }
}

export function formattersFor(locale: string): Formatters {
  let formatters = cache.get(locale);
  // the store's languages: from the table (no Intl.NumberFormat, whose first use is a long task)
  const symbols = numberSymbols(locale);
  if (!formatters && symbols) {
    formatters = {
      count: (value) => formatNumber(Number.isFinite(value) ? value : 0, symbols),
      percent: (value) => formatPercent(Number.isFinite(value) ? value : 0, symbols),
    };
    cache.set(locale, formatters);
  }
  if (!formatters) {
    const counts = numberFormat(locale);
    const percents = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    formatters = {
      count: (value) => counts.format(Number.isFinite(value) ? value : 0),
      percent: (value) => percents.format((Number.isFinite(value) ? value : 0) / 100),
    };
    cache.set(locale, formatters);
  }
  return formatters;
}

export function useFormatters(): Formatters {
  return formattersFor(useNumberLocale());
}
