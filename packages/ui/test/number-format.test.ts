import { LOCALES } from '@caravan/contract/languages';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../src/format.ts';
import { languageTag } from '../src/i18n.ts';
import { formatNumber, formatPercent, groupDigits, NUMBER_SYMBOLS, numberSymbols } from '../src/number-format.ts';
import { formattersFor } from '../src/use-formatters.ts';

// The number table stands in for Intl.NumberFormat in the web apps (its first use is a long task on a
// phone): for every language of the store it must write what Intl writes.

const TAGS = LOCALES.map((locale) => languageTag(locale));
const COUNTS = [0, 1, 7, 42, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 1234567, 12345678, 987654321, 2 ** 40, 1.5, 2.25, 3.125, 0.1, 12345.678, 0.0004, 999.9995];
const PERCENTS = [0, 1, 5, 33, 50, 99, 100, 250, 1234];

describe('the number table', () => {
  it('has every language of the store', () => {
    for (const tag of TAGS) expect(numberSymbols(tag), tag).toBeDefined();
    expect(Object.keys(NUMBER_SYMBOLS).sort()).toEqual([...TAGS].sort());
  });

  it('writes counts as Intl does, in every language', () => {
    for (const tag of TAGS) {
      const symbols = numberSymbols(tag)!;
      const intl = new Intl.NumberFormat(tag);
      for (const value of COUNTS) expect(formatNumber(value, symbols), `${tag} ${value}`).toBe(intl.format(value));
      expect(formattersFor(tag).count(12345), tag).toBe(intl.format(12345));
    }
  });

  it('writes whole percentages as Intl does, in every language', () => {
    for (const tag of TAGS) {
      const symbols = numberSymbols(tag)!;
      const intl = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
      for (const value of PERCENTS) expect(formatPercent(value, symbols), `${tag} ${value}%`).toBe(intl.format(value / 100));
      expect(formattersFor(tag).percent(33), tag).toBe(intl.format(0.33));
    }
  });

  it('gives amounts the separators Intl would use', () => {
    for (const tag of TAGS) {
      const parts = new Intl.NumberFormat(tag).formatToParts(1234567.5);
      const group = parts.find((part) => part.type === 'group')?.value;
      const decimal = parts.find((part) => part.type === 'decimal')?.value;
      expect(formatAmount('1234567.5', tag), tag).toBe(`1${group}234${group}567${decimal}50`);
    }
  });

  it('groups by the language\'s sizes', () => {
    const hindi = numberSymbols('hi')!;
    expect(groupDigits('1234567', hindi)).toBe('12,34,567');
    expect(groupDigits('0001234', numberSymbols('es')!)).toBe('1234');
    expect(groupDigits('12345', numberSymbols('es')!)).toBe('12.345');
    expect(formatNumber(-1234.5, numberSymbols('en')!)).toBe('-1,234.5');
    expect(formatNumber(-0.0001, numberSymbols('en')!)).toBe('0');
  });

  it('keeps Intl for a language it does not know', () => {
    expect(numberSymbols('sw')).toBeUndefined();
    expect(formattersFor('sw').count(1234567)).toBe(new Intl.NumberFormat('sw').format(1234567));
  });
});
