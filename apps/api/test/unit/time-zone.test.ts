import { describe, expect, it } from 'vitest';
import { formatLegacyDateTime, isValidTimeZone, secondOfDay, startOfNextDay, startOfWeek, zoneOffsetMs } from '../../src/platform/time-zone.ts';

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

  describe('the cached offsets answer what Intl answers', () => {
    // the reference: the zone's clock read through Intl for each instant, as the module did before
    const formats = new Map<string, Intl.DateTimeFormat>();
    const reference = (timeZone: string, at: Date) => {
      let format = formats.get(timeZone);
      if (!format) {
        format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
        formats.set(timeZone, format);
      }
      const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
      const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
      const offset = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - Math.floor(at.getTime() / 1000) * 1000;
      return { text, offset };
    };
    // DST in whole hours, half an hour (Lord Howe), at odd offsets (Chatham +12:45, St John's -3:30),
    // Ramadan changes (Casablanca), none (Shanghai, Kathmandu +5:45)
    const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'Africa/Casablanca', 'Asia/Shanghai', 'Asia/Kathmandu'];

    /** Every instant of the year at which the zone's offset changes (to the second). */
    const transitions = (timeZone: string, year: number) => {
      const found: number[] = [];
      const from = Date.UTC(year, 0, 1);
      for (let hour = from; hour < Date.UTC(year + 1, 0, 1); hour += 3_600_000) {
        if (reference(timeZone, new Date(hour)).offset === reference(timeZone, new Date(hour + 3_600_000)).offset) continue;
        let [low, high] = [hour, hour + 3_600_000];
        while (high - low > 1000) {
          const middle = low + Math.floor((high - low) / 2000) * 1000;
          if (reference(timeZone, new Date(middle)).offset === reference(timeZone, new Date(low)).offset) low = middle;
          else high = middle;
        }
        found.push(high);
      }
      return found;
    };

    it.each(zones)('%s: around every change of offset in 2026 and 2027, and at 3,000 instants from 1990 to 2040', (timeZone) => {
      const instants: number[] = [];
      const changes = [...transitions(timeZone, 2026), ...transitions(timeZone, 2027)];
      if (!['Asia/Shanghai', 'Asia/Kathmandu'].includes(timeZone)) expect(changes.length).toBeGreaterThanOrEqual(2);
      for (const change of changes) for (const delta of [-901_000, -1000, -1, 0, 1, 999, 1000, 899_000]) instants.push(change + delta);
      // a fixed pseudo-random walk (no Math.random: the same instants every run)
      let seed = 17;
      for (let index = 0; index < 3_000; index += 1) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        instants.push(Date.UTC(1990, 0, 1) + Math.floor((seed / 2_147_483_648) * (Date.UTC(2040, 0, 1) - Date.UTC(1990, 0, 1))));
      }
      const wrong = instants.filter((time) => {
        const at = new Date(time);
        const expected = reference(timeZone, at);
        return formatLegacyDateTime(timeZone, at) !== expected.text || zoneOffsetMs(timeZone, at) !== expected.offset;
      });
      expect(wrong.map((time) => new Date(time).toISOString())).toEqual([]);
    });

    it('reads the seconds of the day and refuses an invalid date as before', () => {
      expect(secondOfDay('Asia/Shanghai', new Date('2026-01-05T18:04:05Z'))).toBe(2 * 3600 + 4 * 60 + 5);
      // Lord Howe leaves summer time (+11) for +10:30 at 02:00 local on 5 April 2026 (15:00 UTC on the 4th)
      expect(secondOfDay('Australia/Lord_Howe', new Date('2026-04-04T14:59:59Z'))).toBe(1 * 3600 + 59 * 60 + 59);
      expect(secondOfDay('Australia/Lord_Howe', new Date('2026-04-04T15:00:00Z'))).toBe(1 * 3600 + 30 * 60);
      expect(() => zoneOffsetMs('Asia/Shanghai', new Date(Number.NaN))).toThrow(RangeError);
    });
  });
});
