import { describe, expect, it } from 'vitest';
import { compareAmounts, formatAmount, formatLocalTime, formatPlatformTime, formatUsdt, parsePlatformTime, sharePercent, zoneOffsetMinutes } from '../src/format.ts';
import { formattersFor } from '../src/use-formatters.ts';

describe('formatAmount', () => {
  it('groups and separates per locale without rounding through a float', () => {
    expect(formatAmount('1234567.5', 'en')).toBe('1,234,567.50');
    expect(formatAmount('1234567.5', 'de')).toBe('1.234.567,50');
    expect(formatAmount('0.1234567891', 'en')).toBe('0.1234567891');
    // 2^53 + 1 cannot be a JS number; the text survives
    expect(formatAmount('9007199254740993.0000000001', 'en')).toBe('9,007,199,254,740,993.0000000001');
    expect(formatAmount('12', 'en')).toBe('12.00');
    expect(formatAmount('012.300', 'en')).toBe('12.30');
    expect(formatAmount('-5.5', 'en')).toBe('-5.50');
    expect(formatAmount('-0.00', 'en')).toBe('0.00');
    expect(formatAmount('7', 'en', 0)).toBe('7');
  });

  it('uses the separators of non-Latin locales', () => {
    const arabic = formatAmount('1234.5', 'ar');
    expect(arabic).toMatch(/^1.234.50$/u);
    expect(formatAmount('1234.5', 'fr')).toMatch(/^1\s234,50$/u);
  });

  it('shows -- for anything that is not a decimal', () => {
    for (const bad of [null, undefined, '', 'abc', '1e5', '1,000', 'NaN', '1.2.3', ' ']) expect(formatAmount(bad, 'en')).toBe('--');
    expect(formatUsdt(undefined, 'en')).toBe('--');
    expect(formatUsdt('3', 'en')).toBe('3.00 USDT');
  });
});

describe('platform times', () => {
  it('knows fixed and seasonal offsets', () => {
    expect(zoneOffsetMinutes('Asia/Shanghai', new Date('2026-01-15T00:00:00Z'))).toBe(480);
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-01-15T00:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-07-15T00:00:00Z'))).toBe(120);
  });

  it('reads a Shanghai wall time as the right instant and shows it in the viewer zone', () => {
    expect(parsePlatformTime('2026-11-23 17:18:36', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-23T09:18:36.000Z');
    expect(formatPlatformTime('2026-11-23 17:18:36', 'Asia/Shanghai', 'Europe/London')).toBe('2026-11-23 09:18:36');
    expect(formatPlatformTime('2026-11-23 17:18:36', 'Asia/Shanghai', 'America/New_York')).toBe('2026-11-23 04:18:36');
    expect(formatPlatformTime('2026-11-24 01:00:00', 'Asia/Shanghai', 'America/Los_Angeles')).toBe('2026-11-23 09:00:00');
    // ISO instants pass through
    expect(formatPlatformTime('2026-11-23T09:18:36.000Z', 'Asia/Shanghai', 'Asia/Tokyo')).toBe('2026-11-23 18:18:36');
    expect(formatLocalTime(new Date('2026-03-01T00:00:00Z'), 'UTC')).toBe('2026-03-01 00:00:00');
  });

  it('shows -- when empty or unreadable', () => {
    for (const bad of [null, undefined, '', 'yesterday', '2026-13-45', '23/11/2026 10:00']) {
      const text = formatPlatformTime(bad, 'Asia/Shanghai', 'UTC');
      expect(text === '--' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text), String(bad)).toBe(true);
    }
    expect(formatPlatformTime('', 'Asia/Shanghai')).toBe('--');
    expect(formatPlatformTime('yesterday', 'Asia/Shanghai')).toBe('--');
    expect(formatPlatformTime('23/11/2026 10:00', 'Asia/Shanghai')).toBe('--');
  });
});

describe('compareAmounts', () => {
  it('orders decimal amounts exactly, where floats cannot tell them apart', () => {
    // both are 9007199254740992 as a JS number
    expect(compareAmounts('9007199254740992', '9007199254740993')).toBe(-1);
    expect(compareAmounts('0.1000000001', '0.1')).toBe(1);
    expect(compareAmounts('12.50', '12.5')).toBe(0);
    expect(compareAmounts('2', '10')).toBe(-1);
    expect(compareAmounts('-5.5', '0')).toBe(-1);
  });

  it('sorts missing or malformed amounts before every amount', () => {
    expect(compareAmounts(null, '0')).toBe(-1);
    expect(compareAmounts('1', 'abc')).toBe(1);
    expect(compareAmounts(undefined, 'abc')).toBe(0);
  });

  it('sorts a list as a table sorter', () => {
    expect(['10', '9.99', '100.001', '0.5'].sort(compareAmounts)).toEqual(['0.5', '9.99', '10', '100.001']);
  });
});

describe('sharePercent', () => {
  it('turns the good-review share into a clamped whole percentage', () => {
    expect(sharePercent(1)).toBe(100);
    expect(sharePercent(0.876)).toBe(88);
    expect(sharePercent(0)).toBe(0);
    expect(sharePercent(1.7)).toBe(100);
    expect(sharePercent(-1)).toBe(0);
    expect(sharePercent(Number.NaN)).toBeUndefined();
    expect(sharePercent(undefined)).toBeUndefined();
    expect(sharePercent(null)).toBeUndefined();
  });
});

describe('formattersFor', () => {
  it('formats counts and whole percentages in the locale, one shared pair per locale', () => {
    const en = formattersFor('en');
    expect(en.count(12345)).toBe('12,345');
    expect(en.percent(33)).toBe('33%');
    expect(en.count(Number.NaN)).toBe('0');
    expect(formattersFor('de').count(12345)).toBe('12.345');
    expect(formattersFor('ar-EG').count(7)).toBe('٧');
    // the same object for the same locale (a product grid asks once per card)
    expect(formattersFor('en')).toBe(en);
    // an unknown locale falls back to English instead of throwing
    expect(formattersFor('zz-invalid-!!').count(1000)).toBe('1,000');
  });
});
