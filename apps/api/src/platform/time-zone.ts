// Calendar arithmetic in the platform time zone (Asia/Shanghai by default) without a date library.

/** Building a DateTimeFormat is far costlier than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the zone's clock shows at an instant, read through Intl (the slow, authoritative way). */
function partsFromIntl(timeZone: string, at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const formatter = formatterFor(timeZone);
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function offsetFromIntl(timeZone: string, at: Date): number {
  const p = partsFromIntl(timeZone, at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * Offsets by zone and quarter of an hour. formatToParts was the API's largest single cost in the bench's
 * profile (every timestamp of every answer went through it); an offset is the same all through a quarter
 * of an hour unless the zone changes it inside that quarter, which is checked at both ends (such a quarter
 * is not cached: its instants are read through Intl one by one).
 */
const QUARTER_MS = 15 * 60_000;
const MAX_CACHED_QUARTERS = 50_000;
const offsetCache = new Map<string, Map<number, number>>();

/** Offset of the zone from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const time = at.getTime();
  if (!Number.isFinite(time)) return offsetFromIntl(timeZone, at); // Intl's RangeError, as before
  const quarter = Math.floor(time / QUARTER_MS);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const cached = zone.get(quarter);
  if (cached !== undefined) return cached;
  const start = quarter * QUARTER_MS;
  const first = offsetFromIntl(timeZone, new Date(start));
  if (first !== offsetFromIntl(timeZone, new Date(start + QUARTER_MS - 1000))) return offsetFromIntl(timeZone, at);
  if (zone.size >= MAX_CACHED_QUARTERS) zone.clear();
  zone.set(quarter, first);
  return first;
}

/** The zone's wall clock at an instant (whole seconds). */
function partsIn(timeZone: string, at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const local = new Date(Math.floor(at.getTime() / 1000) * 1000 + zoneOffsetMs(timeZone, at));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant the next calendar day starts in the zone ("tomorrow" for lock-outs). */
export function startOfNextDay(timeZone: string, at: Date): Date {
  const p = partsIn(timeZone, at);
  const localMidnightAsUtc = Date.UTC(p.year, p.month - 1, p.day + 1, 0, 0, 0);
  // First guess with the current offset, then correct once for a DST change during the night.
  let guess = localMidnightAsUtc - zoneOffsetMs(timeZone, at);
  guess = localMidnightAsUtc - zoneOffsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

/** The instant the current calendar day started in the zone ("today" for daily counts). */
export function startOfDay(timeZone: string, at: Date): Date {
  const p = partsIn(timeZone, at);
  const localMidnightAsUtc = Date.UTC(p.year, p.month - 1, p.day, 0, 0, 0);
  let guess = localMidnightAsUtc - zoneOffsetMs(timeZone, at);
  guess = localMidnightAsUtc - zoneOffsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

/** The instant the current week (Monday 00:00) started in the zone ("this week" for weekly limits). */
export function startOfWeek(timeZone: string, at: Date): Date {
  const p = partsIn(timeZone, at);
  // 0 = Monday ... 6 = Sunday, from the local calendar date
  const daysSinceMonday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
  const localMidnightAsUtc = Date.UTC(p.year, p.month - 1, p.day - daysSinceMonday, 0, 0, 0);
  let guess = localMidnightAsUtc - zoneOffsetMs(timeZone, at);
  guess = localMidnightAsUtc - zoneOffsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

/** Seconds since local midnight in the zone (0..86399), for daily time windows. */
export function secondOfDay(timeZone: string, at: Date): number {
  const p = partsIn(timeZone, at);
  return (p.hour % 24) * 3600 + p.minute * 60 + p.second;
}

/** yyyy-MM-dd HH:mm:ss in the zone, the format legacy clients read. */
export function formatLegacyDateTime(timeZone: string, at: Date | null | undefined): string {
  if (!at) return '';
  const p = partsIn(timeZone, at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Reads "yyyy-MM-dd" or "yyyy-MM-dd HH:mm:ss" as a time in the zone; undefined when malformed. */
export function parseLegacyDateTime(timeZone: string, text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  // first guess with the offset at that instant, then once more for a DST change in between
  let guess = asUtc - zoneOffsetMs(timeZone, new Date(asUtc));
  guess = asUtc - zoneOffsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
