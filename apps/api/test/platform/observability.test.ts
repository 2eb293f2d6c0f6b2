import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testEnv } from '../../src/env.ts';
import { MemoryBlobStore } from '../../src/platform/blob-store.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { Metrics } from '../../src/platform/metrics.ts';
import { gracefulShutdown } from '../../src/platform/shutdown.ts';
import { startTestApp, useTestApp } from '../support/test-app.ts';
import { fund, walletUser } from '../support/wallet.ts';

// Liveness, readiness and the Prometheus metrics, over the wire: what a load balancer, an orchestrator
// and a Prometheus server read.

const t = await useTestApp();

/** One sample of a metric in the text exposition format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf('}'));
    const found = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function scrape(app = t.app, headers: Record<string, string> = {}): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

describe('health', () => {
  it('live answers without asking any dependency; ready and /health check the database', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    for (const url of ['/health/ready', '/health']) {
      const ready = await t.app.inject({ method: 'GET', url });
      expect(ready.statusCode).toBe(200);
      // no Redis configured: no redis field
      expect(ready.json()).toEqual({ status: 'ok', database: true });
    }
  });

  it('ready answers 503 "draining" once a shutdown has begun, while live stays up', async () => {
    const own = await startTestApp({ database: t.database });
    try {
      const built = own.app;
      expect((await built.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      own.lifecycle.draining = true;
      const ready = await built.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', database: true });
      expect((await built.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('ready answers 503 with redis:false when the configured Redis does not answer', async () => {
    // port 1 refuses connections; no retries, so the ping fails at once
    const deadRedis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    deadRedis.on('error', () => {});
    const built = await buildApp({ env: testEnv(), db: t.database.db, clock: new ManualClock(), blobStore: new MemoryBlobStore(), redis: deadRedis });
    try {
      const ready = await built.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'degraded', database: true, redis: false });
    } finally {
      await built.app.close();
      deadRedis.disconnect();
    }
  });
});

describe('metrics', () => {
  it('counts legacy calls by name and envelope code, times requests per route, and labels unknown paths once', async () => {
    await t.call('sellerGoods!list', { pageNum: 1, pageSize: 5 });
    await t.call('sellerGoods!list', { pageNum: 1, pageSize: 5 });
    await t.call('wallet!getUsdt', {});
    await t.app.inject({ method: 'GET', url: '/wap/api/no-such-call!at-all.action?token=secret-token-value' });
    const text = await scrape();
    expect(sample(text, 'caravan_legacy_calls_total', { call: 'sellerGoods!list', code: '0' })).toBe(2);
    // not logged in: the envelope's "403"
    expect(sample(text, 'caravan_legacy_calls_total', { call: 'wallet!getUsdt', code: '403' })).toBe(1);
    expect(sample(text, 'caravan_http_request_duration_seconds_count', { route: 'sellerGoods!list', method: 'POST', status: '200' })).toBe(2);
    expect(sample(text, 'caravan_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    // raw URLs (and the token in them) never become labels
    expect(text).not.toContain('secret-token-value');
    expect(text).not.toContain('no-such-call');
    expect(text).toMatch(/caravan_http_request_duration_seconds_bucket\{le="0.005",role="serve",route="sellerGoods!list"/);
  });

  it('reports ledger transfers by kind from the database, job runs, queue depth and the pool', async () => {
    const user = await walletUser(t);
    await fund(t, user, '120');
    await t.services.scheduler.runDue();
    const fresh = await startTestApp({ database: t.database });
    try {
      const text = await scrape(fresh.app);
      const kinds = await t.database.pool.query<{ kind: string; count: string }>('select kind, count(*)::text as count from ledger_transfers group by kind');
      expect(kinds.rows.length).toBeGreaterThan(0);
      for (const row of kinds.rows) expect(sample(text, 'caravan_ledger_transfers', { kind: row.kind })).toBe(Number(row.count));
      expect(sample(text, 'caravan_jobs_queue', { state: 'delayed' })).toBe(0);
      expect(sample(text, 'caravan_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'caravan_chat_sockets', {})).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('counts job runs by kind and outcome', async () => {
    const built = t.services;
    built.scheduler.register({ name: 'test.metrics_ok', findDue: async () => ['a'], handle: async () => undefined });
    built.scheduler.register({
      name: 'test.metrics_broken',
      findDue: async () => ['b'],
      handle: async () => {
        throw new Error('broken on purpose');
      },
    });
    await built.scheduler.runDue(t.clock.now());
    const text = await scrape();
    expect(sample(text, 'caravan_jobs_total', { kind: 'test.metrics_ok', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'caravan_jobs_total', { kind: 'test.metrics_broken', outcome: 'failed' })).toBe(1);
  });

  it("counts the quiet process's heap releases and the bytes they gave back (none for a heap that grew)", async () => {
    const metrics = new Metrics('serve', { processMetrics: false });
    const megabytes = 2 ** 20;
    expect(sample(await metrics.registry.metrics(), 'caravan_heap_releases_total', { role: 'serve' })).toBe(0);
    metrics.heapReleased(300 * megabytes, 120 * megabytes);
    metrics.heapReleased(150 * megabytes, 160 * megabytes);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'caravan_heap_releases_total', { role: 'serve' })).toBe(2);
    expect(sample(text, 'caravan_heap_released_bytes_total', { role: 'serve' })).toBe(180 * megabytes);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await startTestApp({ database: t.database, env: { METRICS_TOKEN: token } });
    try {
      const refused = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
      expect(await scrape(guarded.app, { authorization: `Bearer ${token}` })).toContain('caravan_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});

describe('the worker role', () => {
  it('serves health and metrics with role="worker" and no API route', async () => {
    const worker = await buildApp({ env: testEnv(), db: t.database.db, clock: new ManualClock(), blobStore: new MemoryBlobStore(), role: 'worker' });
    try {
      expect((await worker.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      const text = await scrape(worker.app);
      expect(text).toContain('role="worker"');
      for (const url of ['/wap/api/sellerGoods!list.action', '/console/api/recharges', '/']) {
        expect((await worker.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await worker.app.close();
    }
  });
});

describe('graceful shutdown of a listening server', () => {
  it('finishes a request in flight before the server closes, and refuses new ones meanwhile', async () => {
    const built = await buildApp({ env: testEnv(), db: t.database.db, clock: new ManualClock(), blobStore: new MemoryBlobStore() });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    built.app.get('/test/slow', async () => {
      started();
      await gate;
      return { finished: true };
    });
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const exits: number[] = [];
    const shutdown = gracefulShutdown({
      lifecycle: built.lifecycle,
      drainMs: 0,
      timeoutMs: 10_000,
      steps: [{ name: 'http server and jobs', run: () => built.app.close() }],
      log: { info: () => {}, error: () => {} },
      exit: (code) => void exits.push(code),
    });

    const slow = fetch(`${base}/test/slow`);
    await inFlight;
    const stopping = shutdown('SIGTERM');
    expect(built.lifecycle.draining).toBe(true);
    // a new request while closing is not served (503 on an open connection, or no connection at all)
    const late = await fetch(`${base}/health/live`).then((response) => response.status, () => 'refused');
    expect([503, 'refused']).toContain(late);
    expect(exits).toEqual([]);
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    // the keep-alive connection ends with it, so the server can close
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ finished: true });
    await stopping;
    expect(exits).toEqual([0]);
  });
});
