import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { QUEUE_STATES, type QueueState } from './jobs.ts';

// Prometheus metrics (prom-client), one registry per process role instance: tests build several apps
// in one process, so nothing goes to prom-client's global registry. Labels stay low-cardinality: a
// legacy call's name (`order!pay`), a REST route's pattern (`/console/api/recharges/:id/approve`),
// never a raw URL.

/** Latency buckets in seconds: from a cached read (~1 ms) to a slow money path (seconds). */
const LATENCY_BUCKETS_S = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsSources {
  /** Jobs waiting per state, asked at scrape time. */
  queueDepth?: () => Promise<Partial<Record<QueueState, number>>>;
  /** Ledger transfers per kind, asked at scrape time. */
  ledgerTransfers?: () => Promise<Map<string, number>>;
  /** Connection pool figures, asked at scrape time. */
  pool?: () => { total: number; idle: number; waiting: number };
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'route' | 'method' | 'status'>;
  private readonly legacyOutcomes: Counter<'call' | 'code'>;
  private readonly jobRuns: Counter<'kind' | 'outcome'>;
  private readonly sockets: Gauge;
  private readonly heapReleases: Counter;
  private readonly heapReleasedBytes: Counter;
  private sources: MetricsSources = {};

  /** `processMetrics`: also the runtime's own figures (memory, CPU, event-loop delay, GC); off in tests. */
  constructor(role: string, options: { processMetrics: boolean }) {
    this.registry.setDefaultLabels({ role });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'caravan_process_' });
    this.requestDuration = new Histogram({
      name: 'caravan_http_request_duration_seconds',
      help: 'HTTP requests by route (a legacy call name or a REST route pattern), method and status: rate and latency',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS_S,
      registers: [this.registry],
    });
    this.legacyOutcomes = new Counter({
      name: 'caravan_legacy_calls_total',
      help: 'Legacy *.action calls by call and envelope code ("0" success, "1" business refusal, "403" log in again, "500" failure)',
      labelNames: ['call', 'code'],
      registers: [this.registry],
    });
    this.jobRuns = new Counter({
      name: 'caravan_jobs_total',
      help: 'Background job handler runs by kind and outcome (ok or failed)',
      labelNames: ['kind', 'outcome'],
      registers: [this.registry],
    });
    this.sockets = new Gauge({
      name: 'caravan_chat_sockets',
      help: 'Open customer-service chat sockets on this process',
      registers: [this.registry],
    });
    // the quiet process's full collections (platform/idle-memory.ts): how often, and how much they gave back
    this.heapReleases = new Counter({
      name: 'caravan_heap_releases_total',
      help: 'Full collections run once the process was quiet after a burst of requests (MEMORY_RELEASE_QUIET_SECONDS)',
      registers: [this.registry],
    });
    this.heapReleasedBytes = new Counter({
      name: 'caravan_heap_released_bytes_total',
      help: 'Bytes of JS heap those collections gave back to the system (V8 total heap size before minus after)',
      registers: [this.registry],
    });
    const sources = () => this.sources;
    new Gauge({
      name: 'caravan_jobs_queue',
      help: 'Background jobs waiting, by state (BullMQ counts, or in-process timers as delayed)',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const depth = await sources().queueDepth?.().catch(() => undefined);
        this.reset();
        if (!depth) return;
        for (const state of QUEUE_STATES) if (depth[state] !== undefined) this.set({ state }, depth[state]);
      },
    });
    new Gauge({
      name: 'caravan_ledger_transfers',
      help: 'Ledger transfers written, by kind (read from the database, cached briefly)',
      labelNames: ['kind'],
      registers: [this.registry],
      async collect() {
        const counts = await sources().ledgerTransfers?.().catch(() => undefined);
        this.reset();
        for (const [kind, count] of counts ?? []) this.set({ kind }, count);
      },
    });
    new Gauge({
      name: 'caravan_db_pool_connections',
      help: 'Database pool connections of this process by state (total, idle, waiting requests)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const pool = sources().pool?.();
        if (!pool) return;
        for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
      },
    });
  }

  /** Connects the scrape-time figures once the services exist. */
  attach(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requestDuration.observe({ route, method, status: String(status) }, seconds);
  }

  legacyOutcome(call: string, code: string): void {
    this.legacyOutcomes.inc({ call, code });
  }

  jobFinished(kind: string, ok: boolean): void {
    this.jobRuns.inc({ kind, outcome: ok ? 'ok' : 'failed' });
  }

  heapReleased(beforeBytes: number, afterBytes: number): void {
    this.heapReleases.inc();
    this.heapReleasedBytes.inc(Math.max(0, beforeBytes - afterBytes));
  }

  socketOpened(): void {
    this.sockets.inc();
  }

  socketClosed(): void {
    this.sockets.dec();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The metrics label of a route: the legacy call's name; REST routes use their pattern. */
    metricsRoute?: string;
  }
}

function routeLabel(request: FastifyRequest): string {
  const config = request.routeOptions.config as { metricsRoute?: string } | undefined;
  if (config?.metricsRoute) return config.metricsRoute;
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  // the SPAs' client-route fallbacks and assets share one label each
  return pattern.includes('*') ? `static:${pattern}` : pattern;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Times every request and serves GET /metrics (behind METRICS_TOKEN when set). */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url === '/metrics') return;
    metrics.observeRequest(routeLabel(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !tokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ errorKey: 'common.not_logged_in', message: 'metrics need the METRICS_TOKEN bearer token' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
