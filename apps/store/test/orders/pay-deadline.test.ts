import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from '../../src/features/orders/pay-deadline.ts';

describe('secondsLeft', () => {
  // 2026-11-23 17:18:36 in Shanghai (UTC+8) is 09:18:36 UTC
  const deadline = '2026-11-23 17:18:36';
  const at = Date.UTC(2026, 10, 23, 9, 18, 36);

  it('counts whole seconds to a deadline written in the platform zone', () => {
    expect(secondsLeft(deadline, at - 90_000, 'Asia/Shanghai')).toBe(90);
    expect(secondsLeft(deadline, at - 1, 'Asia/Shanghai')).toBe(1);
    expect(secondsLeft(deadline, at - 90_000, 'UTC')).toBe(90 + 8 * 3600);
  });

  it('stops at 0 once the deadline passed', () => {
    expect(secondsLeft(deadline, at, 'Asia/Shanghai')).toBe(0);
    expect(secondsLeft(deadline, at + 5_000_000, 'Asia/Shanghai')).toBe(0);
  });

  it('has nothing to count without a readable deadline', () => {
    for (const bad of [undefined, null, '', 'soon', '2026-13-45', '23/11/2026 17:18']) expect(secondsLeft(bad, at, 'Asia/Shanghai')).toBeUndefined();
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, and hours only when there are some', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(125)).toBe('02:05');
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(90_061)).toBe('25:01:01');
  });

  it('treats odd input as nothing left', () => {
    for (const bad of [-5, Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]) expect(formatCountdown(bad)).toBe('00:00');
    expect(formatCountdown(61.9)).toBe('01:01');
  });
});
