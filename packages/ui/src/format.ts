// Display formatting: money without losing precision (decimal strings, never floats), and times
// converted from the platform's zone to the viewer's as YYYY-MM-DD HH:mm:ss ('--' when empty).

import { money, tryParseMoney } from '@caravan/contract/money';
import { numberSymbols } from './number-format.ts';

export const EMPTY_VALUE = '--';

const separatorsCache = new Map<string, { group: string; decimal: string }>();

function separators(locale: string): { group: string; decimal: string } {
  let cached = separatorsCache.get(locale) ?? numberSymbols(locale);
  if (!cached) {
    let group = ',';
    let decimal = '.';
    try {
      for (const part of new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6)) {
        if (part.type === 'group') group = part.value;
        if (part.type === 'decimal') decimal = part.value;
      }
    } catch {
      // unknown locale: keep the plain separators
    }
    cached = { group, decimal };
    separatorsCache.set(locale, cached);
  }
  return cached;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Formats a decimal amount (as the server sends it) with the locale's separators, exactly: digits are
 * never rounded through a float. At least `minDecimals` decimals are shown (padding with zeros) and
 * trailing zeros beyond them are dropped. Anything that is not a decimal is shown as '--'.
 */
export function formatAmount(value: string | null | undefined, locale: string, minDecimals = 2): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return EMPTY_VALUE;
  const [, sign = '', integerDigits = '0', fractionDigits = ''] = match;
  const { group, decimal } = separators(locale);
  const integer = integerDigits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
  let fraction = fractionDigits.replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  const isZero = /^0*$/.test(integerDigits) && /^0*$/.test(fractionDigits);
  return `${isZero ? '' : sign}${integer}${fraction.length > 0 ? decimal + fraction : ''}`;
}

/** Amount with the wallet's unit, e.g. "1,234.50 USDT". */
export function formatUsdt(value: string | null | undefined, locale: string): string {
  const amount = formatAmount(value, locale);
  return amount === EMPTY_VALUE ? amount : `${amount} USDT`;
}

const PLATFORM_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Offset of a time zone from UTC at an instant, in minutes (Asia/Shanghai -> 480). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Parses "YYYY-MM-DD HH:mm:ss" written in the platform's zone (or an ISO instant) into a Date. */
export function parsePlatformTime(value: string, platformTimeZone: string): Date | undefined {
  const match = PLATFORM_TIME.exec(value.trim());
  if (!match) {
    const instant = new Date(value);
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) && !Number.isNaN(instant.getTime()) ? instant : undefined;
  }
  const [, y, mo, d, h, mi, s = '0'] = match;
  const naive = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // the zone's offset at that wall time (a second pass settles the rare DST edge)
  let instant = naive - zoneOffsetMinutes(platformTimeZone, new Date(naive)) * 60_000;
  instant = naive - zoneOffsetMinutes(platformTimeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}

function pad(value: number): string {
  return value.toString().padStart(2, '0');
}

/** A Date in the viewer's zone (or the given one) as YYYY-MM-DD HH:mm:ss. */
export function formatLocalTime(date: Date, timeZone?: string): string {
  if (!timeZone) {
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }
  const offset = zoneOffsetMinutes(timeZone, date);
  const shifted = new Date(date.getTime() + offset * 60_000);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
}

/** Platform time text -> the viewer's local time, '--' when empty or unreadable. */
export function formatPlatformTime(value: string | null | undefined, platformTimeZone: string, viewerTimeZone?: string): string {
  if (!value) return EMPTY_VALUE;
  const date = parsePlatformTime(value, platformTimeZone);
  return date ? formatLocalTime(date, viewerTimeZone) : EMPTY_VALUE;
}

/** The platform's zone, which the server writes into each app's index.html. */
export const DEFAULT_PLATFORM_TIME_ZONE = 'Asia/Shanghai';

export function readPlatformTimeZone(doc: Document): string {
  return doc.querySelector('meta[name="caravan:platform-time-zone"]')?.getAttribute('content') || DEFAULT_PLATFORM_TIME_ZONE;
}

/**
 * Orders two decimal amounts (as the server sends them) exactly, through the contract's Money (never a
 * float): -1, 0 or 1, for table sorters. Missing or malformed amounts sort before every amount.
 */
export function compareAmounts(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 {
  const left = tryParseMoney(a ?? '', { allowNegative: true });
  const right = tryParseMoney(b ?? '', { allowNegative: true });
  if (!left.ok || !right.ok) return left.ok === right.ok ? 0 : left.ok ? 1 : -1;
  return money.cmp(left.value, right.value);
}

/** A share (0-1: good reviews, orders shipped in time, disputes) as a whole percentage, clamped; undefined when not a number. */
export function sharePercent(share: number | null | undefined): number | undefined {
  if (typeof share !== 'number' || !Number.isFinite(share)) return undefined;
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}
