import { describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../src/env.ts';
import { Lifecycle } from '../../src/platform/health.ts';
import { gracefulShutdown, type ShutdownOptions } from '../../src/platform/shutdown.ts';

describe('configuration is validated at start', () => {
  it('has working defaults for one process (npm start)', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ WORKER: 'on', JOBS_SWEEP_SECONDS: 60, SHUTDOWN_DRAIN_SECONDS: 0, SHUTDOWN_TIMEOUT_SECONDS: 25, REDIS_KEY_PREFIX: 'caravan', MEMORY_RELEASE_QUIET_SECONDS: 10 });
    // 0 turns the release of a quiet process's heap off
    expect(loadEnv({ MEMORY_RELEASE_QUIET_SECONDS: '0' }).MEMORY_RELEASE_QUIET_SECONDS).toBe(0);
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.METRICS_TOKEN).toBeUndefined();
  });

  it('takes the scaled settings of an API replica', () => {
    const env = loadEnv({ WORKER: 'off', REDIS_URL: 'redis://redis:6379', JOBS_SWEEP_SECONDS: '0.5', SHUTDOWN_DRAIN_SECONDS: '5', REDIS_KEY_PREFIX: 'prod-eu' });
    expect(env).toMatchObject({ WORKER: 'off', REDIS_URL: 'redis://redis:6379', JOBS_SWEEP_SECONDS: 0.5, SHUTDOWN_DRAIN_SECONDS: 5, REDIS_KEY_PREFIX: 'prod-eu' });
    // an empty value means "not set" (compose files often pass VAR= )
    expect(loadEnv({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ WORKER: 'maybe' }, /WORKER/],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ JOBS_SWEEP_SECONDS: '0' }, /JOBS_SWEEP_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: 'soon' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN/],
    [{ REDIS_KEY_PREFIX: 'a:b' }, /REDIS_KEY_PREFIX/],
    [{ MEMORY_RELEASE_QUIET_SECONDS: '-1' }, /MEMORY_RELEASE_QUIET_SECONDS/],
    [{ MEMORY_RELEASE_QUIET_SECONDS: 'later' }, /MEMORY_RELEASE_QUIET_SECONDS/],
  ])('refuses %o with a message naming the variable', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
    expect(() => loadEnv(source)).toThrow(/^invalid environment: /);
  });
});

function harness(overrides: { drainMs?: number; timeoutMs?: number } = {}) {
  const lifecycle = new Lifecycle();
  const events: string[] = [];
  const exit = vi.fn((code: number) => void events.push(`exit ${code}`));
  const log = { info: vi.fn(), error: vi.fn() };
  let releaseWait: () => void = () => {};
  const wait = vi.fn((ms: number) => {
    events.push(`drain ${ms} (draining=${lifecycle.draining})`);
    return new Promise<void>((resolve) => (releaseWait = resolve));
  });
  return {
    lifecycle,
    events,
    exit,
    log,
    wait,
    release: () => releaseWait(),
    /** The shutdown under test, with these steps and the harness's fake exit, wait and log. */
    shutdown: (steps: ShutdownOptions['steps']) =>
      gracefulShutdown({ drainMs: overrides.drainMs ?? 0, timeoutMs: overrides.timeoutMs ?? 60_000, lifecycle, log, exit, wait, steps }),
  };
}

describe('graceful shutdown', () => {
  it('marks the process draining, waits the drain time, runs the steps in order once, then exits 0', async () => {
    const h = harness({ drainMs: 5000 });
    const shutdown = h.shutdown([
      { name: 'sockets', run: () => void h.events.push('sockets') },
      { name: 'http', run: async () => void h.events.push('http') },
      { name: 'database', run: async () => void h.events.push('database') },
    ]);
    const first = shutdown('SIGTERM');
    // a second signal while the first shutdown runs changes nothing
    const second = shutdown('SIGINT');
    expect(h.lifecycle.draining).toBe(true);
    h.release();
    await Promise.all([first, second]);
    expect(h.events).toEqual(['drain 5000 (draining=true)', 'sockets', 'http', 'database', 'exit 0']);
  });

  it('runs the later steps when one fails, and exits 1', async () => {
    const h = harness();
    await h.shutdown([
      { name: 'http', run: async () => { throw new Error('close failed'); } },
      { name: 'database', run: async () => void h.events.push('database') },
    ])('SIGTERM');
    expect(h.wait).not.toHaveBeenCalled();
    expect(h.events).toEqual(['database', 'exit 1']);
    expect(h.log.error).toHaveBeenCalledWith(expect.objectContaining({ step: 'http' }), 'shutdown step failed');
  });

  it('exits 1 when the steps outlast the timeout', async () => {
    vi.useFakeTimers();
    try {
      const h = harness({ timeoutMs: 1000 });
      let finishStep: () => void = () => {};
      const running = h.shutdown([{ name: 'jobs', run: () => new Promise<void>((resolve) => (finishStep = resolve)) }])('SIGTERM');
      await vi.advanceTimersByTimeAsync(999);
      expect(h.exit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(h.exit).toHaveBeenCalledWith(1);
      expect(h.log.error).toHaveBeenCalledWith(expect.objectContaining({ timeoutMs: 1000 }), 'shutdown took too long: exiting with work unfinished');
      finishStep();
      await running;
    } finally {
      vi.useRealTimers();
    }
  });
});
