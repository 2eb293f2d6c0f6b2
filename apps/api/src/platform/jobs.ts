import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { DAY_MS, MINUTE_MS, type Clock } from './clock.ts';

// Deadlines (an unpaid order's pay_deadline_at, an auto-ship time) live in their owning tables; this
// module only decides *when* to look at them. Two triggers call the same idempotent handler:
//   - a timely hint: an in-process timer, or a BullMQ delayed job when Redis is configured;
//   - a periodic sweep, runDue(now), that asks every kind for its due rows.
// A lost hint (a restart, a flushed Redis, a crash between commit and schedule) therefore only delays
// a job by one sweep interval. Handlers re-check their row under a lock, so a repeated or early call
// does nothing; within one process, concurrent runs of the same job are also coalesced.

/** How often the sweep looks for missed deadlines by default; also the worst lateness without hints. */
export const DEFAULT_SWEEP_MS = MINUTE_MS;
/** Due ids read per kind per sweep, so a backlog is worked off in bounded batches. */
export const SWEEP_BATCH_SIZE = 100;
/** Node timers overflow past 2^31-1 ms (~24.8 days) and fire at once; later deadlines wait for the sweep. */
export const MAX_TIMER_MS = 24 * DAY_MS;
/** Timers held by the in-process scheduler; beyond this, deadlines wait for the sweep. */
export const MAX_PENDING_TIMERS = 10_000;
/** BullMQ queue holding every kind's delayed jobs (the name cannot contain ":"). */
export const JOBS_QUEUE_NAME = 'jobs';
/** Jobs one BullMQ worker runs at once: each is a short database transaction. */
export const WORKER_CONCURRENCY = 4;
/** Finished BullMQ jobs kept so re-scheduling a delivered deadline stays a no-op, bounded both ways. */
const KEEP_FINISHED = { age: DAY_MS / 1000, count: 1_000 };
/** Kind names end up in BullMQ job ids: keep them to characters that need no escaping. */
const KIND_NAME = /^[a-z][a-z0-9_.]*$/;

export interface JobKind {
  /** Stable name, e.g. "order.pay_timeout": lower-case letters, digits, "." and "_". */
  name: string;
  /** Ids whose deadline is <= now, read from the owning table, earliest first, at most `limit`. */
  findDue(now: Date, limit: number): Promise<string[]>;
  /** Idempotent: re-checks the row's state and deadline itself, so doing nothing is a normal outcome. The result is ignored. */
  handle(id: string): Promise<unknown>;
}

export interface JobOutcome {
  kind: string;
  id: string;
  ok: boolean;
}

export interface Scheduler {
  /** Adds a kind; its due rows are swept from now on. Names are unique. */
  register(kind: JobKind): void;
  /**
   * A hint that `id` of `kind` falls due at `at`, given after the row is committed. Never rejects: a
   * hint that cannot be stored is logged and the sweep catches the deadline instead.
   */
  schedule(kind: string, id: string, at: Date): Promise<void>;
  /** Runs every due job of every kind (up to SWEEP_BATCH_SIZE per kind) now: the sweep. */
  runDue(now?: Date): Promise<JobOutcome[]>;
  /** Sweeps at once (deadlines passed while the process was down), then every sweepMs; arms hints. */
  start(): void;
  /** Stops the sweep and the timers or worker, and waits for running handlers. */
  stop(): Promise<void>;
  /** Jobs waiting, by state (for metrics): BullMQ's counts, or the in-process timers as `delayed`. */
  depth(): Promise<Partial<Record<QueueState, number>>>;
}

export const QUEUE_STATES = ['delayed', 'waiting', 'active', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** Told about every finished handler run (metrics). */
export type JobObserver = (kind: string, ok: boolean) => void;

/** What the scheduler logs with; a pino or Fastify logger fits. */
export interface JobLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** Starts a one-shot timer and returns its cancel function; injectable so tests fire timers by hand. */
export type SetTimer = (callback: () => void, delayMs: number) => () => void;

/**
 * setTimeout that does not keep the process alive on its own (the server or the worker does), and
 * never fires before the wall clock reaches the deadline: Node measures timers from the event loop's
 * cached time, which can lag behind, so a bare setTimeout may fire a few milliseconds early and its
 * handler would find the row not yet due (and leave it to the next sweep).
 */
export const realTimer: SetTimer = (callback, delayMs) => {
  const dueAtMs = Date.now() + delayMs;
  let timer: NodeJS.Timeout;
  const arm = (waitMs: number) => {
    timer = setTimeout(fire, waitMs);
    timer.unref();
  };
  const fire = () => {
    const leftMs = dueAtMs - Date.now();
    if (leftMs > 0) arm(leftMs);
    else callback();
  };
  arm(delayMs);
  return () => clearTimeout(timer);
};

const consoleLog: JobLog = { error: (details, message) => console.error(message, details) };

export interface SchedulerOptions {
  clock: Clock;
  /**
   * false: this process only schedules (an API replica next to `caravan worker` processes); start()
   * then runs no sweep, no timers and no BullMQ worker. Default true.
   */
  runJobs?: boolean;
  observe?: JobObserver;
  sweepMs?: number;
  batchSize?: number;
  log?: JobLog;
  setTimer?: SetTimer;
}

export interface BullmqSchedulerOptions extends SchedulerOptions {
  /** The app's shared connection: the queue reuses it; the worker opens its own from it. */
  redis: Redis;
  /** Key prefix of the queue, e.g. one per environment or per test run. */
  prefix?: string;
}

interface JobData {
  kind: string;
  id: string;
}

/** Kinds, coalesced runs and the sweep loop: everything both schedulers share. */
class JobRunner {
  private readonly kinds = new Map<string, JobKind>();
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly sweepMs: number;
  private readonly batchSize: number;
  private cancelSweep: (() => void) | undefined;
  private sweeping: Promise<unknown> | undefined;
  private readonly observe: JobObserver | undefined;
  started = false;
  readonly runJobs: boolean;
  readonly log: JobLog;
  readonly clock: Clock;
  readonly setTimer: SetTimer;

  constructor(options: SchedulerOptions) {
    this.clock = options.clock;
    this.log = options.log ?? consoleLog;
    this.setTimer = options.setTimer ?? realTimer;
    this.sweepMs = options.sweepMs ?? DEFAULT_SWEEP_MS;
    this.batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
    this.runJobs = options.runJobs ?? true;
    this.observe = options.observe;
  }

  register(kind: JobKind): void {
    if (!KIND_NAME.test(kind.name)) throw new Error(`job kind name "${kind.name}" must match ${KIND_NAME}`);
    if (this.kinds.has(kind.name)) throw new Error(`job kind "${kind.name}" is already registered`);
    this.kinds.set(kind.name, kind);
  }

  /** The registered kind, or undefined after logging: a hint for an unknown kind is a bug, not a crash. */
  kind(name: string, id: string): JobKind | undefined {
    const kind = this.kinds.get(name);
    if (!kind) this.log.error({ kind: name, id }, 'job: unknown kind');
    return kind;
  }

  /** Runs one handler; a second call while the first runs gets the same promise instead of a second run. */
  run(kind: JobKind, id: string): Promise<boolean> {
    const key = `${kind.name}\u0000${id}`;
    const existing = this.running.get(key);
    if (existing) return existing;
    const run = (async () => {
      try {
        await kind.handle(id);
        this.observe?.(kind.name, true);
        return true;
      } catch (error) {
        this.log.error({ err: error, kind: kind.name, id }, 'job: handler failed');
        this.observe?.(kind.name, false);
        return false;
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, run);
    return run;
  }

  async runDue(now: Date): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const kind of this.kinds.values()) {
      let ids: string[];
      try {
        ids = await kind.findDue(now, this.batchSize);
      } catch (error) {
        // one kind's broken query must not stop the other kinds' deadlines
        this.log.error({ err: error, kind: kind.name }, 'job: finding due rows failed');
        continue;
      }
      // one at a time: the sweep is a safety net and should not flood the database pool
      for (const id of ids) outcomes.push({ kind: kind.name, id, ok: await this.run(kind, id) });
    }
    return outcomes;
  }

  start(): void {
    if (this.started || !this.runJobs) return;
    this.started = true;
    this.sweep();
  }

  /** Sweeps, then arms the next sweep once this one is done, so sweeps never overlap. */
  private sweep(): void {
    this.cancelSweep = undefined;
    this.sweeping = this.runDue(this.clock.now())
      .catch((error: unknown) => this.log.error({ err: error }, 'job: sweep failed'))
      .finally(() => {
        this.sweeping = undefined;
        if (this.started) this.cancelSweep = this.setTimer(() => this.sweep(), this.sweepMs);
      });
  }

  async stop(): Promise<void> {
    this.started = false;
    this.cancelSweep?.();
    this.cancelSweep = undefined;
    await this.sweeping;
    await Promise.all(this.running.values());
  }
}

/** Without Redis: timers in this process deliver near deadlines; the sweep covers restarts and far ones. */
export function inProcessScheduler(options: SchedulerOptions): Scheduler {
  const runner = new JobRunner(options);
  // one timer per kind and id: a new deadline for the same row replaces the old timer
  const timers = new Map<string, { atMs: number; cancel: () => void }>();

  return {
    register: (kind) => runner.register(kind),
    runDue: (now = runner.clock.now()) => runner.runDue(now),
    start: () => runner.start(),

    async schedule(kindName, id, at) {
      const kind = runner.kind(kindName, id);
      // before start() hints are dropped: start() sweeps at once and finds the row anyway
      if (!kind || !runner.started) return;
      const key = `${kindName}\u0000${id}`;
      const atMs = at.getTime();
      const existing = timers.get(key);
      if (existing?.atMs === atMs) return;
      existing?.cancel();
      timers.delete(key);
      const delayMs = Math.max(0, atMs - runner.clock.now().getTime());
      if (delayMs > MAX_TIMER_MS || timers.size >= MAX_PENDING_TIMERS) return;
      const cancel = runner.setTimer(() => {
        timers.delete(key);
        void runner.run(kind, id);
      }, delayMs);
      timers.set(key, { atMs, cancel });
    },

    async stop() {
      for (const timer of timers.values()) timer.cancel();
      timers.clear();
      await runner.stop();
    },

    async depth() {
      return { delayed: timers.size };
    },
  };
}

/**
 * With Redis: a BullMQ delayed job per deadline, so any API process's worker delivers it on time and
 * hints survive restarts. The job id is derived from kind, id and deadline, so scheduling the same
 * deadline again (a retried request, a replayed checkout) adds nothing. schedule() works before
 * start(): the job waits in Redis for whichever worker runs. Every started process still sweeps.
 */
export function bullmqScheduler(options: BullmqSchedulerOptions): Scheduler {
  const runner = new JobRunner(options);
  const prefix = options.prefix ?? 'caravan';
  // adds fail fast on the shared connection (it gives up after a few retries): a lost hint is fine
  const queue = new Queue<JobData>(JOBS_QUEUE_NAME, { connection: options.redis, prefix });
  queue.on('error', (error) => runner.log.error({ err: error }, 'job: queue connection error'));
  let worker: Worker<JobData> | undefined;
  let workerRedis: Redis | undefined;

  async function deliver(job: Job<JobData>): Promise<void> {
    const kind = runner.kind(job.data.kind, job.data.id);
    if (!kind) return;
    // a failure is logged by run(); failing the BullMQ job just makes it visible there, and the sweep retries
    if (!(await runner.run(kind, job.data.id))) throw new Error(`job ${job.id} failed`);
  }

  return {
    register: (kind) => runner.register(kind),
    runDue: (now = runner.clock.now()) => runner.runDue(now),

    async schedule(kindName, id, at) {
      if (!runner.kind(kindName, id)) return;
      const atMs = at.getTime();
      // ":" is BullMQ's key separator and not allowed in custom ids; the encoded id cannot contain "@"
      const jobId = `${kindName}@${encodeURIComponent(id)}@${atMs}`;
      try {
        await queue.add(kindName, { kind: kindName, id }, {
          jobId,
          delay: Math.max(0, atMs - runner.clock.now().getTime()),
          removeOnComplete: KEEP_FINISHED,
          removeOnFail: KEEP_FINISHED,
        });
      } catch (error) {
        runner.log.error({ err: error, kind: kindName, id }, 'job: scheduling in Redis failed; the sweep will run it');
      }
    },

    start() {
      if (runner.started || !runner.runJobs) return;
      // Workers block on Redis and must retry for ever (maxRetriesPerRequest: null), unlike the shared connection
      workerRedis = options.redis.duplicate({ maxRetriesPerRequest: null, connectionName: 'caravan-jobs' });
      worker = new Worker<JobData>(JOBS_QUEUE_NAME, deliver, { connection: workerRedis, prefix, concurrency: WORKER_CONCURRENCY });
      worker.on('error', (error) => runner.log.error({ err: error }, 'job: worker connection error'));
      runner.start();
    },

    async stop() {
      // the worker waits for its running jobs before closing; then the runner waits for sweeps and timers
      await worker?.close();
      worker = undefined;
      await workerRedis?.quit();
      workerRedis = undefined;
      await runner.stop();
      await queue.close();
    },

    async depth() {
      const counts = await queue.getJobCounts(...QUEUE_STATES);
      return Object.fromEntries(QUEUE_STATES.map((state) => [state, counts[state] ?? 0]));
    },
  };
}
