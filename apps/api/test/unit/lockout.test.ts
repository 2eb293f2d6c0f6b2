import { describe, expect, it } from 'vitest';
import { afterFailure, lockStatus, UNLOCKED, type LockoutPolicy, type LockoutState } from '../../src/modules/accounts/lockout.ts';

const policy: LockoutPolicy = { maxFailures: 3, shortLockMs: 3 * 60_000, timeZone: 'Asia/Shanghai' };
const at = (iso: string) => new Date(iso);

function fail(state: LockoutState, iso: string): LockoutState {
  return afterFailure(state, at(iso), policy);
}

describe('password lock-out', () => {
  it('counts failures and locks for 3 minutes at the third', () => {
    let state = fail(UNLOCKED, '2026-03-01T02:00:00Z');
    expect(state).toEqual({ consecutiveFailures: 1, stage: 0, lockedUntil: null });
    state = fail(state, '2026-03-01T02:00:10Z');
    expect(lockStatus(state, at('2026-03-01T02:00:10Z'))).toEqual({ locked: false });
    state = fail(state, '2026-03-01T02:00:20Z');
    expect(state.lockedUntil).toEqual(at('2026-03-01T02:03:20Z'));
    expect(lockStatus(state, at('2026-03-01T02:03:19.999Z'))).toEqual({ locked: true, kind: 'minutes', until: at('2026-03-01T02:03:20Z') });
    expect(lockStatus(state, at('2026-03-01T02:03:20Z'))).toEqual({ locked: false });
  });

  it('locks until the next day in the platform zone after one more failure following the short lock', () => {
    let state = UNLOCKED;
    for (const second of ['00', '01', '02']) state = fail(state, `2026-03-01T10:00:${second}Z`);
    // after the short lock: one wrong entry locks until midnight Shanghai (16:00 UTC)
    state = fail(state, '2026-03-01T10:05:00Z');
    expect(state.stage).toBe(2);
    expect(state.lockedUntil).toEqual(at('2026-03-01T16:00:00Z'));
    expect(lockStatus(state, at('2026-03-01T15:59:59Z'))).toMatchObject({ locked: true, kind: 'day' });
    expect(lockStatus(state, at('2026-03-01T16:00:00Z'))).toEqual({ locked: false });
  });

  it('takes "tomorrow" in the platform zone, not UTC', () => {
    let state = UNLOCKED;
    // 17:00 UTC is already 01:00 on 2 March in Shanghai: tomorrow starts 2 March 16:00 UTC
    for (const second of ['00', '01', '02']) state = fail(state, `2026-03-01T17:00:${second}Z`);
    state = fail(state, '2026-03-01T17:10:00Z');
    expect(state.lockedUntil).toEqual(at('2026-03-02T16:00:00Z'));
  });

  it('starts a fresh count after the day lock is over', () => {
    const served: LockoutState = { consecutiveFailures: 4, stage: 2, lockedUntil: at('2026-03-01T16:00:00Z') };
    expect(fail(served, '2026-03-02T01:00:00Z')).toEqual({ consecutiveFailures: 1, stage: 0, lockedUntil: null });
  });

  it('honours a different threshold', () => {
    const strict = { ...policy, maxFailures: 1 };
    expect(afterFailure(UNLOCKED, at('2026-03-01T00:00:00Z'), strict).stage).toBe(1);
  });
});
