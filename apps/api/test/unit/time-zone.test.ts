import { describe, expect, it } from 'vitest';
import { formatLegacyDateTime, isValidTimeZone, startOfNextDay, zoneOffsetMs } from '../../src/platform/time-zone.ts';

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

  it('formats legacy date-times in the zone', () => {
    expect(formatLegacyDateTime('Asia/Shanghai', new Date('2026-01-05T18:04:05Z'))).toBe('2026-01-06 02:04:05');
    expect(formatLegacyDateTime('Asia/Shanghai', null)).toBe('');
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
