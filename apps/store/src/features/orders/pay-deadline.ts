// The countdown to an unpaid order's payment deadline (order!info `payDeadline`, platform time).
import { parsePlatformTime } from '@caravan/ui/format';

/** Whole seconds left until the deadline (0 once passed); undefined when there is no readable deadline. */
export function secondsLeft(deadline: string | null | undefined, nowMs: number, platformTimeZone: string): number | undefined {
  if (!deadline) return undefined;
  const at = parsePlatformTime(deadline, platformTimeZone);
  if (!at) return undefined;
  return Math.max(0, Math.ceil((at.getTime() - nowMs) / 1000));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 125 -> "02:05"; 3725 -> "1:02:05" (hours only when there are some). */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}
