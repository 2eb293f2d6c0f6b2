import { formatAmount } from './format.ts';
import { languageTag, type Locale } from './i18n.ts';
import { useTranslation } from 'react-i18next';

/** The viewer's locale as a BCP 47 tag, for number formatting. */
export function useNumberLocale(): string {
  const { i18n } = useTranslation();
  return languageTag(i18n.language as Locale);
}

/** A decimal amount from the server, formatted per locale without going through a float. */
export function Amount({ value, unit, className }: { value: string | null | undefined; unit?: string; className?: string }) {
  const locale = useNumberLocale();
  const text = formatAmount(value, locale);
  return (
    <span className={className} dir="ltr">
      {text}
      {unit && text !== '--' ? ` ${unit}` : ''}
    </span>
  );
}
