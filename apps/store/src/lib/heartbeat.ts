// user!heartbeat every 5 minutes while a user is logged in (spec sections 3 and 9): it keeps the
// session alive. It starts when a token appears, stops on logout (or a 403 clearing the session),
// and never calls without a token. Timers are injected so tests drive time themselves.

export const HEARTBEAT_MS = 5 * 60 * 1000;

export interface HeartbeatTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface HeartbeatSource {
  token(): string | null;
  subscribe(listener: () => void): () => void;
}

const browserTimers: HeartbeatTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/** Runs the heartbeat for the session `source`; answers a function that stops it for good. */
export function startHeartbeat(options: { source: HeartbeatSource; beat: () => Promise<unknown>; intervalMs?: number; timers?: HeartbeatTimers }): () => void {
  const timers = options.timers ?? browserTimers;
  const intervalMs = options.intervalMs ?? HEARTBEAT_MS;
  let handle: unknown;
  let running = false;

  const sync = () => {
    const loggedIn = options.source.token() !== null;
    if (loggedIn && !running) {
      running = true;
      handle = timers.setInterval(() => {
        // the session may have ended between two ticks; a failed beat changes nothing
        if (options.source.token() !== null) void options.beat().catch(() => undefined);
      }, intervalMs);
    } else if (!loggedIn && running) {
      running = false;
      timers.clearInterval(handle);
    }
  };

  sync();
  const unsubscribe = options.source.subscribe(sync);
  return () => {
    unsubscribe();
    if (running) timers.clearInterval(handle);
    running = false;
  };
}
