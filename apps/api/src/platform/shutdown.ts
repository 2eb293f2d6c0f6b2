import type { Lifecycle } from './health.ts';

// Graceful shutdown on SIGTERM / SIGINT, in this order:
//   1. drain: readiness answers 503 ("draining") for SHUTDOWN_DRAIN_SECONDS, so a load balancer
//      stops sending new requests while the process still serves them;
//   2. the steps, in order: close the chat sockets with a reconnect hint, stop accepting HTTP
//      connections and wait for in-flight requests (Fastify's close answers new requests on open
//      connections with 503), stop the jobs (BullMQ's worker and the sweep wait for running handlers),
//      then close Redis and the database;
//   3. exit 0; or exit 1 when the whole took longer than SHUTDOWN_TIMEOUT_SECONDS.

export interface ShutdownOptions {
  lifecycle: Lifecycle;
  drainMs: number;
  timeoutMs: number;
  steps: { name: string; run: () => Promise<unknown> | void }[];
  log: { info(details: Record<string, unknown>, message: string): void; error(details: Record<string, unknown>, message: string): void };
  exit?: (code: number) => void;
  wait?: (ms: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs the shutdown once; later signals while it runs are ignored. */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const wait = options.wait ?? realWait;
  let running: Promise<void> | undefined;
  return (signal) => {
    running ??= (async () => {
      options.lifecycle.draining = true;
      options.log.info({ signal, drainMs: options.drainMs, timeoutMs: options.timeoutMs }, 'shutting down: draining');
      const deadline = setTimeout(() => {
        options.log.error({ signal, timeoutMs: options.timeoutMs }, 'shutdown took too long: exiting with work unfinished');
        exit(1);
      }, options.timeoutMs);
      deadline.unref();
      let failed = false;
      try {
        if (options.drainMs > 0) await wait(options.drainMs);
        for (const step of options.steps) {
          try {
            await step.run();
          } catch (error) {
            failed = true;
            options.log.error({ err: error, step: step.name }, 'shutdown step failed');
          }
        }
      } finally {
        clearTimeout(deadline);
      }
      options.log.info({ signal }, 'shut down');
      exit(failed ? 1 : 0);
    })();
    return running;
  };
}
