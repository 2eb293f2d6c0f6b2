// Counts and percentages in the viewer's locale (digits, separators and the percent sign differ).
import { useMemo } from 'react';
import { useNumberLocale } from './amount.tsx';

export interface Formatters {
  count: (value: number) => string;
  /** a whole percentage (33 -> "33%") */
  percent: (value: number) => string;
}

export function useFormatters(): Formatters {
  const locale = useNumberLocale();
  return useMemo(() => {
    let counts: Intl.NumberFormat;
    let percents: Intl.NumberFormat;
    try {
      counts = new Intl.NumberFormat(locale);
      percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    } catch {
      counts = new Intl.NumberFormat('en');
      percents = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
    }
    return {
      count: (value) => counts.format(Number.isFinite(value) ? value : 0),
      percent: (value) => percents.format((Number.isFinite(value) ? value : 0) / 100),
    };
  }, [locale]);
}
