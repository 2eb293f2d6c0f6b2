import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { DAY_MS, ManualClock, systemClock, type Clock } from '../../src/platform/clock.ts';
import {
  bullmqScheduler,
  inProcessScheduler,
  JOBS_QUEUE_NAME,
  MAX_TIMER_MS,
  type JobKind,
  type Scheduler,
  type SetTimer,
} from '../../src/platform/jobs.ts';
import { connectRedis } from '../../src/platform/redis.ts';

// The scheduler only sees findDue/handle, so a Map stands in for the owning table (e.g. orders with
// pay_deadline_at). Its handler is idempotent the way the real ones are: it re-checks the row's
// state and deadline and does nothing when the row is no longer open or not yet due.

interface Row {
  deadlineMs: number;
  status: 'open' | 'expired';
}

class DeadlineTable {
  readonly rows = new Map<string, Row>();
  /** rows actually changed by the handler: must never exceed one per row */
  effects = 0;
  readonly calls: string[] = [];
  /** while set, handlers wait on it (to hold runs open and see them overlap) */
  gate: Promise<void> | undefined;
  readonly failing = new Set<string>();
  onHandle: (id: string) => void = () => {};

  constructor(private readonly clock: Clock) {}

  add(id: string, at: Date): void {
    this.rows.set(id, { deadlineMs: at.getTime(), status: 'open' });
  }

  kind(name = 'test.expire'): JobKind {
    return {
      name,
      findDue: async (now, limit) =>
        [...this.rows]
          .filter(([, row]) => row.status === 'open' && row.deadlineMs <= now.getTime())
          .sort(([, a], [, b]) => a.deadlineMs - b.deadlineMs)
          .slice(0, limit)
          .map(([id]) => id),
      handle: async (id) => {
        this.calls.push(id);
        try {
          await this.gate;
          if (this.failing.has(id)) throw new Error(`row ${id} is broken`);
          const row = this.rows.get(id);
          if (!row || row.status !== 'open' || row.deadlineMs > this.clock.now().getTime()) return;
          row.status = 'expired';
          this.effects += 1;
        } finally {
          this.onHandle(id);
        }
      },
    };
  }
}

/** Timers that fire only when the test says so. */
class FakeTimers {
  readonly pending: { delayMs: number; callback: () => void }[] = [];
  readonly set: SetTimer = (callback, delayMs) => {
    const timer = { delayMs, callback };
    this.pending.push(timer);
    return () => this.remove(timer);
  };

  delays(): number[] {
    return this.pending.map((timer) => timer.delayMs);
  }

  fire(delayMs: number): void {
    const timer = this.pending.find((candidate) => candidate.delayMs === delayMs);
    if (!timer) throw new Error(`no timer of ${delayMs} ms (pending: ${this.delays().join(', ')})`);
    this.remove(timer);
    timer.callback();
  }

  private remove(timer: { delayMs: number; callback: () => void }): void {
    const index = this.pending.indexOf(timer);
    if (index >= 0) this.pending.splice(index, 1);
  }
}

const openDeferreds: (() => void)[] = [];

/** A promise the test resolves; afterEach resolves any left open, so a failed test cannot hang stop(). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  openDeferreds.push(resolve);
  return { promise, resolve };
}

/** Lets pending promise callbacks (a sweep with nothing to wait for) finish; not a sleep. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))]);
}

const T0 = new Date('2026-03-01T10:00:00.000Z');
const SECOND_MS = 1000;
const SWEEP_MS = 60_000;

const schedulers: Scheduler[] = [];
afterEach(async () => {
  for (const resolve of openDeferreds.splice(0)) resolve();
  for (const scheduler of schedulers.splice(0)) await scheduler.stop();
});

function setup(options: { batchSize?: number } = {}) {
  const clock = new ManualClock(T0);
  const table = new DeadlineTable(clock);
  const timers = new FakeTimers();
  const log = { error: vi.fn() };
  const scheduler = inProcessScheduler({ clock, sweepMs: SWEEP_MS, log, setTimer: timers.set, ...options });
  schedulers.push(scheduler);
  const kind = table.kind();
  scheduler.register(kind);
  return { clock, table, timers, log, scheduler, kind };
}

describe('runDue (the sweep) with an injected clock', () => {
  it('runs exactly the rows whose deadline has come, and later ones when the clock gets there', async () => {
    const { clock, table, scheduler } = setup();
    table.add('past', new Date(T0.getTime() - SECOND_MS));
    table.add('now', T0);
    table.add('next', new Date(T0.getTime() + 1));
    expect(await scheduler.runDue()).toEqual([
      { kind: 'test.expire', id: 'past', ok: true },
      { kind: 'test.expire', id: 'now', ok: true },
    ]);
    expect(table.rows.get('next')?.status).toBe('open');
    expect(await scheduler.runDue()).toEqual([]);
    clock.advance(1);
    expect(await scheduler.runDue()).toEqual([{ kind: 'test.expire', id: 'next', ok: true }]);
    expect(table.effects).toBe(3);
  });

  it('takes an explicit "now" and reads at most batchSize rows per kind per sweep', async () => {
    const { table, scheduler } = setup({ batchSize: 2 });
    for (const id of ['a', 'b', 'c']) table.add(id, T0);
    expect(await scheduler.runDue(new Date(T0.getTime() - 1))).toEqual([]);
    expect((await scheduler.runDue(T0)).map((outcome) => outcome.id)).toEqual(['a', 'b']);
    expect((await scheduler.runDue(T0)).map((outcome) => outcome.id)).toEqual(['c']);
  });

  it('coalesces two sweeps running at once: each due row is handled once, and repeats change nothing', async () => {
    const { table, scheduler, kind } = setup();
    table.add('a', T0);
    table.add('b', T0);
    const gate = deferred();
    table.gate = gate.promise;
    const first = scheduler.runDue();
    const second = scheduler.runDue();
    await settle();
    expect(table.calls).toEqual(['a']);
    table.gate = undefined;
    gate.resolve();
    const outcomes = [
      { kind: 'test.expire', id: 'a', ok: true },
      { kind: 'test.expire', id: 'b', ok: true },
    ];
    expect(await first).toEqual(outcomes);
    expect(await second).toEqual(outcomes);
    expect(table.calls).toEqual(['a', 'b']);
    expect(table.effects).toBe(2);

    // a late duplicate trigger (a BullMQ job, another process) reaches a handler that does nothing
    await kind.handle('a');
    await kind.handle('a');
    expect(table.effects).toBe(2);
    expect(await scheduler.runDue()).toEqual([]);
  });

  it('reports a throwing handler as ok:false, logs it, runs the others, and retries it next sweep', async () => {
    const { table, scheduler, log } = setup();
    for (const id of ['a', 'b', 'c']) table.add(id, T0);
    table.failing.add('b');
    expect(await scheduler.runDue()).toEqual([
      { kind: 'test.expire', id: 'a', ok: true },
      { kind: 'test.expire', id: 'b', ok: false },
      { kind: 'test.expire', id: 'c', ok: true },
    ]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'test.expire', id: 'b', err: expect.any(Error) }), 'job: handler failed');
    table.failing.clear();
    expect(await scheduler.runDue()).toEqual([{ kind: 'test.expire', id: 'b', ok: true }]);
    expect(table.effects).toBe(3);
  });

  it('keeps sweeping the other kinds when one kind cannot read its due rows', async () => {
    const { clock, table, scheduler, log } = setup();
    const other = new DeadlineTable(clock);
    scheduler.register({ name: 'test.broken', findDue: () => Promise.reject(new Error('relation does not exist')), handle: async () => {} });
    scheduler.register(other.kind('test.other'));
    table.add('a', T0);
    other.add('x', T0);
    expect(await scheduler.runDue()).toEqual([
      { kind: 'test.expire', id: 'a', ok: true },
      { kind: 'test.other', id: 'x', ok: true },
    ]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'test.broken' }), 'job: finding due rows failed');
  });

  it('refuses a second kind with the same name and names that could not be part of a job id', () => {
    const { scheduler, kind } = setup();
    expect(() => scheduler.register(kind)).toThrow(/already registered/);
    expect(() => scheduler.register({ ...kind, name: 'order:timeout' })).toThrow(/must match/);
    expect(() => scheduler.register({ ...kind, name: 'Order.Timeout' })).toThrow(/must match/);
  });
});

describe('in-process scheduler', () => {
  it('delivers a near deadline from its timer, without a sweep; the same deadline twice arms one timer', async () => {
    const { clock, table, timers, scheduler } = setup();
    scheduler.start();
    await settle();
    expect(timers.delays()).toEqual([SWEEP_MS]);
    const at = new Date(T0.getTime() + 5 * SECOND_MS);
    table.add('a', at);
    await scheduler.schedule('test.expire', 'a', at);
    await scheduler.schedule('test.expire', 'a', at);
    expect(timers.delays()).toEqual([SWEEP_MS, 5 * SECOND_MS]);
    clock.advance(5 * SECOND_MS);
    const handled = deferred();
    table.onHandle = () => handled.resolve();
    timers.fire(5 * SECOND_MS);
    await handled.promise;
    expect(table.rows.get('a')?.status).toBe('expired');
    expect(timers.delays()).toEqual([SWEEP_MS]);
  });

  it('replaces the timer when the deadline moves, and leaves far deadlines to the sweep', async () => {
    const { clock, table, timers, scheduler } = setup();
    scheduler.start();
    await settle();
    await scheduler.schedule('test.expire', 'a', new Date(T0.getTime() + 5 * SECOND_MS));
    await scheduler.schedule('test.expire', 'a', new Date(T0.getTime() + 9 * SECOND_MS));
    expect(timers.delays()).toEqual([SWEEP_MS, 9 * SECOND_MS]);

    // past Node's timer range: no timer; the sweep that runs after the deadline handles it
    const far = new Date(T0.getTime() + MAX_TIMER_MS + 1);
    table.add('far', far);
    await scheduler.schedule('test.expire', 'far', far);
    await scheduler.schedule('test.expire', 'edge', new Date(T0.getTime() + MAX_TIMER_MS));
    expect(timers.delays()).toEqual([SWEEP_MS, 9 * SECOND_MS, MAX_TIMER_MS]);
    clock.advance(30 * DAY_MS);
    timers.fire(SWEEP_MS);
    await settle();
    expect(table.rows.get('far')?.status).toBe('expired');
    expect(timers.delays()).toContain(SWEEP_MS); // the next sweep is armed
  });

  it('sweeps at start (deadlines passed while the process was down) and drops hints given before start', async () => {
    const { table, timers, scheduler } = setup();
    table.add('missed', new Date(T0.getTime() - DAY_MS));
    await scheduler.schedule('test.expire', 'missed', new Date(T0.getTime() - DAY_MS));
    expect(timers.delays()).toEqual([]);
    scheduler.start();
    await settle();
    expect(table.rows.get('missed')?.status).toBe('expired');
  });

  it('coalesces a timer firing while the sweep handles the same row', async () => {
    const { table, timers, scheduler } = setup();
    scheduler.start();
    await settle();
    table.add('a', T0);
    await scheduler.schedule('test.expire', 'a', T0);
    const gate = deferred();
    table.gate = gate.promise;
    const sweep = scheduler.runDue();
    await settle();
    timers.fire(0);
    gate.resolve();
    expect(await sweep).toEqual([{ kind: 'test.expire', id: 'a', ok: true }]);
    await settle();
    expect(table.calls).toEqual(['a']);
    expect(table.effects).toBe(1);
  });

  it('logs a hint for an unknown kind instead of rejecting, and stop() cancels timers and waits for handlers', async () => {
    const { table, timers, scheduler, log } = setup();
    scheduler.start();
    await settle();
    await expect(scheduler.schedule('test.nope', 'a', T0)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith({ kind: 'test.nope', id: 'a' }, 'job: unknown kind');

    await scheduler.schedule('test.expire', 'later', new Date(T0.getTime() + SECOND_MS));
    table.add('now', T0);
    const gate = deferred();
    table.gate = gate.promise;
    const sweep = scheduler.runDue();
    await settle();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await settle();
    expect(timers.delays()).toEqual([]);
    expect(stopped).toBe(false); // still waiting for the running handler
    gate.resolve();
    await stopping;
    expect(await sweep).toEqual([{ kind: 'test.expire', id: 'now', ok: true }]);
  });

  it('uses real timers by default', async () => {
    const table = new DeadlineTable(systemClock);
    const scheduler = inProcessScheduler({ clock: systemClock, sweepMs: DAY_MS });
    schedulers.push(scheduler);
    scheduler.register(table.kind());
    scheduler.start();
    const handled = deferred();
    table.onHandle = () => handled.resolve();
    const at = new Date(Date.now() + 30);
    table.add('a', at);
    await scheduler.schedule('test.expire', 'a', at);
    await within(handled.promise, 5_000, 'the timer');
    expect(table.effects).toBe(1);
  });
});

describe('schedule-only processes and what the scheduler reports', () => {
  it('with runJobs false, start() runs no sweep and no timers, hints are dropped, and runDue still works on request', async () => {
    const clock = new ManualClock(T0);
    const table = new DeadlineTable(clock);
    const timers = new FakeTimers();
    const scheduler = inProcessScheduler({ clock, sweepMs: SWEEP_MS, setTimer: timers.set, runJobs: false });
    schedulers.push(scheduler);
    scheduler.register(table.kind());
    table.add('due', new Date(T0.getTime() - SECOND_MS));
    scheduler.start();
    await settle();
    await scheduler.schedule('test.expire', 'due', new Date(T0.getTime() + SECOND_MS));
    expect(timers.delays()).toEqual([]);
    expect(table.calls).toEqual([]);
    expect(await scheduler.depth()).toEqual({ delayed: 0 });
    expect(await scheduler.runDue()).toEqual([{ kind: 'test.expire', id: 'due', ok: true }]);
  });

  it('tells the observer each run and its outcome, and counts armed timers as delayed', async () => {
    const clock = new ManualClock(T0);
    const table = new DeadlineTable(clock);
    const timers = new FakeTimers();
    const observed: [string, boolean][] = [];
    const scheduler = inProcessScheduler({ clock, sweepMs: SWEEP_MS, setTimer: timers.set, log: { error: vi.fn() }, observe: (kind, ok) => observed.push([kind, ok]) });
    schedulers.push(scheduler);
    scheduler.register(table.kind());
    scheduler.start();
    await settle();
    table.add('ok', T0);
    table.add('broken', T0);
    table.failing.add('broken');
    await scheduler.schedule('test.expire', 'later', new Date(T0.getTime() + SECOND_MS));
    expect(await scheduler.depth()).toEqual({ delayed: 1 });
    await scheduler.runDue();
    expect(observed.sort()).toEqual([['test.expire', false], ['test.expire', true]]);
  });
});

// Runs whenever a Redis answers (REDIS_URL or 127.0.0.1:6379); CI sets CARAVAN_REQUIRE_REDIS=1, which
// makes the run fail rather than skip when none does.
const redisUrl = inject('redisUrl');

describe.runIf(redisUrl)('BullMQ scheduler', () => {
  // the app's shared connection (maxRetriesPerRequest: 3), as main.ts makes it
  const redis = connectRedis(redisUrl ?? '');
  const runId = `caravan-test-jobs-${process.pid}-${Date.now()}`;
  const prefixes: string[] = [];
  const inspectors: Queue[] = [];
  afterAll(async () => {
    for (const inspect of inspectors) await inspect.close();
    for (const prefix of prefixes) {
      const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    expect(await redis.keys(`${runId}*`)).toEqual([]);
    await redis.quit();
  });

  /** A fresh queue (own key prefix) for one test, with a Queue handle to look inside. */
  function useQueue() {
    const prefix = `${runId}-${prefixes.length}`;
    prefixes.push(prefix);
    const inspect = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix });
    inspectors.push(inspect);
    const table = new DeadlineTable(systemClock);
    const log = { error: vi.fn() };
    // an hour between sweeps: these tests see BullMQ deliver, not the sweep
    const scheduler = bullmqScheduler({ redis, clock: systemClock, prefix, sweepMs: 3_600_000, log });
    schedulers.push(scheduler);
    scheduler.register(table.kind());
    return { inspect, table, log, scheduler };
  }

  it('delivers a scheduled deadline through Redis; scheduling the same deadline again adds nothing', async () => {
    const { inspect, table, scheduler } = useQueue();
    scheduler.start();
    const handled = deferred();
    table.onHandle = () => handled.resolve();
    const at = new Date(Date.now() + 200);
    table.add('a', at);
    await scheduler.schedule('test.expire', 'a', at);
    await scheduler.schedule('test.expire', 'a', at);
    expect(await inspect.getJobCounts('delayed', 'wait')).toEqual({ delayed: 1, wait: 0 });
    await within(handled.promise, 10_000, 'BullMQ delivery');
    expect(table.effects).toBe(1);
    await vi.waitFor(async () => expect(await inspect.getCompletedCount()).toBe(1), { timeout: 5_000 });
    // still nothing new after delivery: the finished job keeps its id for a while
    await scheduler.schedule('test.expire', 'a', at);
    expect(await inspect.getJobCounts('delayed', 'wait', 'active', 'completed')).toEqual({ delayed: 0, wait: 0, active: 0, completed: 1 });
    expect(table.calls).toEqual(['a']);
  });

  it('catches a job missed while no worker ran with runDue; the late delivery then changes nothing', async () => {
    const { inspect, table, scheduler } = useQueue();
    const at = new Date(Date.now() - SECOND_MS);
    table.add('missed', at);
    await scheduler.schedule('test.expire', 'missed', at);
    expect(await inspect.getJobCounts('wait')).toEqual({ wait: 1 });
    expect(await scheduler.runDue()).toEqual([{ kind: 'test.expire', id: 'missed', ok: true }]);
    expect(table.effects).toBe(1);

    const delivered = deferred();
    table.onHandle = () => delivered.resolve();
    scheduler.start();
    await within(delivered.promise, 10_000, 'the late delivery');
    expect(table.calls).toEqual(['missed', 'missed']);
    expect(table.effects).toBe(1);
  });

  it('an API replica (runJobs false) only adds jobs; a worker process delivers them; depth() reports the queue', async () => {
    const { inspect, table, scheduler: workerScheduler } = useQueue();
    const prefix = prefixes[prefixes.length - 1];
    const apiReplica = bullmqScheduler({ redis, clock: systemClock, prefix, sweepMs: 3_600_000, runJobs: false });
    schedulers.push(apiReplica);
    apiReplica.register(table.kind());
    apiReplica.start();
    const at = new Date(Date.now() + 300);
    table.add('r', at);
    await apiReplica.schedule('test.expire', 'r', at);
    expect(await apiReplica.depth()).toEqual({ delayed: 1, waiting: 0, active: 0, failed: 0 });
    // nobody runs it while only the replica is up
    expect(await inspect.getJobCounts('delayed')).toEqual({ delayed: 1 });
    const handled = deferred();
    table.onHandle = () => handled.resolve();
    workerScheduler.start();
    await within(handled.promise, 10_000, 'the worker delivering the replica\'s job');
    expect(table.effects).toBe(1);
  });

  it('marks a job whose handler throws as failed in BullMQ and leaves the row to the sweep', async () => {
    const { inspect, table, scheduler, log } = useQueue();
    scheduler.start();
    const at = new Date(Date.now() - SECOND_MS);
    table.add('broken', at);
    table.failing.add('broken');
    await scheduler.schedule('test.expire', 'broken', at);
    await vi.waitFor(async () => expect(await inspect.getFailedCount()).toBe(1), { timeout: 10_000 });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'test.expire', id: 'broken' }), 'job: handler failed');
    table.failing.clear();
    expect(await scheduler.runDue()).toEqual([{ kind: 'test.expire', id: 'broken', ok: true }]);
  });
});

describe('BullMQ scheduler without a reachable Redis', () => {
  it('logs a hint it cannot store instead of rejecting', async () => {
    // port 1 refuses connections; no retries, so the add fails at once
    const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    const log = { error: vi.fn() };
    const scheduler = bullmqScheduler({ redis, clock: systemClock, prefix: 'caravan-test-unreachable', log });
    const table = new DeadlineTable(systemClock);
    scheduler.register(table.kind());
    await expect(within(scheduler.schedule('test.expire', 'a', new Date()), 10_000, 'schedule')).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'test.expire', id: 'a' }), expect.stringMatching(/scheduling in Redis failed/));
    await scheduler.stop();
    redis.disconnect();
  });
});
