import { startOfNextDay } from '../../platform/time-zone.ts';

// Consecutive wrong passwords (spec section 8): after `maxFailures` in a row the credential is locked
// for a few minutes; a wrong entry after that lock locks it until the next day in the platform time
// zone. A correct entry resets everything. The login password and the fund password each have their
// own counter. Pure functions; the repository persists the state.

export interface LockoutState {
  consecutiveFailures: number;
  /** 0 counting, 1 the short lock has been served, 2 the day lock has been served */
  stage: number;
  lockedUntil: Date | null;
}

export interface LockoutPolicy {
  maxFailures: number;
  shortLockMs: number;
  timeZone: string;
}

export type LockStatus = { locked: false } | { locked: true; kind: 'minutes' | 'day'; until: Date };

export const UNLOCKED: LockoutState = { consecutiveFailures: 0, stage: 0, lockedUntil: null };

export function lockStatus(state: LockoutState, now: Date): LockStatus {
  if (state.lockedUntil && now < state.lockedUntil) {
    return { locked: true, kind: state.stage >= 2 ? 'day' : 'minutes', until: state.lockedUntil };
  }
  return { locked: false };
}

/** The state after one more wrong entry (only called while not locked). */
export function afterFailure(state: LockoutState, now: Date, policy: LockoutPolicy): LockoutState {
  if (state.stage >= 2) {
    // the day lock is over: a new day, a new count
    return afterFailure(UNLOCKED, now, policy);
  }
  if (state.stage === 1) {
    return { consecutiveFailures: state.consecutiveFailures + 1, stage: 2, lockedUntil: startOfNextDay(policy.timeZone, now) };
  }
  const failures = state.consecutiveFailures + 1;
  if (failures >= policy.maxFailures) {
    return { consecutiveFailures: failures, stage: 1, lockedUntil: new Date(now.getTime() + policy.shortLockMs) };
  }
  return { consecutiveFailures: failures, stage: 0, lockedUntil: null };
}
