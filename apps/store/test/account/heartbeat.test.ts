import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, startHeartbeat, type HeartbeatTimers } from '../../src/lib/heartbeat.ts';

/** Timers moved by hand: `advance` runs every interval due in the elapsed time. */
function manualTimers() {
  let now = 0;
  let nextId = 0;
  const intervals = new Map<number, { callback: () => void; ms: number; due: number }>();
  const timers: HeartbeatTimers = {
    setInterval(callback, ms) {
      nextId += 1;
      intervals.set(nextId, { callback, ms, due: now + ms });
      return nextId;
    },
    clearInterval(handle) {
      intervals.delete(handle as number);
    },
  };
  return {
    timers,
    active: () => intervals.size,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...intervals.values()].filter((entry) => entry.due <= end).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        now = next.due;
        next.due += next.ms;
        next.callback();
      }
      now = end;
    },
  };
}

function fakeSession(token: string | null) {
  let current = token;
  const listeners = new Set<() => void>();
  return {
    token: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: string | null) {
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('store heartbeat', () => {
  it('beats every 5 minutes while logged in, stops on logout, starts again on login', () => {
    const clock = manualTimers();
    const session = fakeSession('token-1');
    let beats = 0;
    const stop = startHeartbeat({ source: session, beat: async () => void (beats += 1), timers: clock.timers });
    expect(beats).toBe(0);
    clock.advance(HEARTBEAT_MS - 1);
    expect(beats).toBe(0);
    clock.advance(1);
    expect(beats).toBe(1);
    clock.advance(2 * HEARTBEAT_MS);
    expect(beats).toBe(3);

    session.set(null);
    expect(clock.active()).toBe(0);
    clock.advance(10 * HEARTBEAT_MS);
    expect(beats).toBe(3);

    session.set('token-2');
    session.set('token-2');
    expect(clock.active()).toBe(1);
    clock.advance(HEARTBEAT_MS);
    expect(beats).toBe(4);
    stop();
    expect(clock.active()).toBe(0);
  });

  it('never beats when logged out, and a failing beat does not stop it', async () => {
    const clock = manualTimers();
    const session = fakeSession(null);
    let calls = 0;
    startHeartbeat({
      source: session,
      beat: () => {
        calls += 1;
        return Promise.reject(new Error('offline'));
      },
      timers: clock.timers,
    });
    clock.advance(3 * HEARTBEAT_MS);
    expect(calls).toBe(0);
    expect(clock.active()).toBe(0);
    session.set('token');
    clock.advance(2 * HEARTBEAT_MS);
    await Promise.resolve();
    expect(calls).toBe(2);
  });
});
