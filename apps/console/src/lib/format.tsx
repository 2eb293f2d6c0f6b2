// Money and times on screen: amounts exactly as the server sends them (decimal strings, never floats),
// times (ISO instants from the API, or platform-zone texts from the wallet statement) in the operator's
// own zone, as YYYY-MM-DD HH:mm:ss.
import { EMPTY_VALUE, formatAmount, formatLocalTime, formatPlatformTime, readPlatformTimeZone } from '@caravan/ui/format';
import { languageTag, type Locale } from '@caravan/ui/i18n';
import { useTranslation } from 'react-i18next';

export function Money({ value, unit = 'USDT' }: { value: string | null | undefined; unit?: string }) {
  const { i18n } = useTranslation();
  const text = formatAmount(value, languageTag(i18n.language as Locale));
  return (
    <span dir="ltr" className="console-money">
      {text}
      {unit && text !== EMPTY_VALUE ? ` ${unit}` : ''}
    </span>
  );
}

export function formatInstant(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? EMPTY_VALUE : formatLocalTime(date);
}

export function Time({ value }: { value: string | null | undefined }) {
  return (
    <time dir="ltr" dateTime={value ?? undefined}>
      {formatInstant(value)}
    </time>
  );
}

/** A time written in the platform's zone ("YYYY-MM-DD HH:mm:ss"), shown in the operator's. */
export function PlatformTime({ value }: { value: string | null | undefined }) {
  return <span dir="ltr">{formatPlatformTime(value, readPlatformTimeZone(document))}</span>;
}
