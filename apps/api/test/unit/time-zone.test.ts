import { describe, expect, it } from 'vitest';
import { formatLegacyDateTime, isValidTimeZone, startOfNextDay, startOfWeek, zoneOffsetMs } from '../../src/platform/time-zone.ts';

describe('platform time zone', () => {
  it('knows the Shanghai offset', () => {
    expect(zoneOffsetMs('Asia/Shanghai', new Date('2026-06-01T00:00:00Z'))).toBe(8 * 3_600_000);
  });

  it('finds the start of the next day', () => {
    expect(startOfNextDay('Asia/Shanghai', new Date('2026-06-01T12:00:00Z'))).toEqual(new Date('2026-06-01T16:00:00Z'));
    expect(startOfNextDay('UTC', new Date('2026-12-31T23:59:59Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('handles days that change their offset (DST)', () => {
    // New York springs forward on 8 March 2026: the next midnight is at UTC-4
    expect(startOfNextDay('America/New_York', new Date('2026-03-08T12:00:00Z'))).toEqual(new Date('2026-03-09T04:00:00Z'));
    // and falls back on 1 November: the next midnight is at UTC-5
    expect(startOfNextDay('America/New_York', new Date('2026-11-01T12:00:00Z'))).toEqual(new Date('2026-11-02T05:00:00Z'));
  });

  it('finds the start of the week (Monday 00:00 in the zone)', () => {
    // Wednesday 2 December 2026, 12:00 in Shanghai: the week started on Monday 30 November 00:00 there
    expect(startOfWeek('Asia/Shanghai', new Date('2026-12-02T04:00:00Z'))).toEqual(new Date('2026-11-29T16:00:00Z'));
    // Monday 00:00 itself starts a week; Sunday 23:59:59 belongs to the one before
    expect(startOfWeek('Asia/Shanghai', new Date('2026-11-29T16:00:00Z'))).toEqual(new Date('2026-11-29T16:00:00Z'));
    expect(startOfWeek('Asia/Shanghai', new Date('2026-11-29T15:59:59Z'))).toEqual(new Date('2026-11-22T16:00:00Z'));
    // Sunday 1 November 2026 in New York (after falling back): the week started on Monday 26 October at UTC-4
    expect(startOfWeek('America/New_York', new Date('2026-11-01T20:00:00Z'))).toEqual(new Date('2026-10-26T04:00:00Z'));
  });

  it('formats legacy date-times in the zone', () => {
    expect(formatLegacyDateTime('Asia/Shanghai', new Date('2026-01-05T18:04:05Z'))).toBe('2026-01-06 02:04:05');
    expect(formatLegacyDateTime('Asia/Shanghai', null)).toBe('');
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
