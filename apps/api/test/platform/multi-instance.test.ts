import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_RATE_RULES } from '../../src/modules/accounts/accounts.legacy.ts';
import { JOBS_QUEUE_NAME } from '../../src/platform/jobs.ts';
import { connectRedis } from '../../src/platform/redis.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, stockOf, type Buyer } from '../support/orders.ts';
import { startServerProcess, type ServerProcess } from '../support/processes.ts';
import { recordSecretParams } from '../support/secrets.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, SAFEWORD } from '../support/wallet.ts';

// ARCHITECTURE section 7 on one machine: two API processes (`caravan serve` with WORKER=off) and
// one `caravan worker`, all built from apps/api/dist, against one PostgreSQL (this file's database)
// and one Redis. With a Redis (REDIS_URL or 127.0.0.1:6379; CI requires one) the processes share
// BullMQ and the rate limits through it; without one the fallback mode runs (in-process scheduler,
// per-process limits) and the test names say so.

const redisUrl = inject('redisUrl');
const MODE = redisUrl ? 'Redis' : 'in-process fallback, no Redis';
// the processes run on the real clock, so the fixtures are made on the real time too
const t = await useTestApp({ start: new Date().toISOString() });
await seedSmallCatalogue(t, { products: 30, shops: 3 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'caravan-multi-'));
const keyPrefix = `caravan-multi-${process.pid}-${Date.now()}`;

const shared = {
  DATABASE_URL: t.database.url,
  DATA_DIR: dataDir,
  TRUST_PROXY: '1',
  REDIS_URL: redisUrl ?? '',
  REDIS_KEY_PREFIX: keyPrefix,
  DATABASE_POOL_MAX: '10',
};
// the worker sweeps every half second, so a deadline rewritten into the past is found quickly
const WORKER_ENV = { ...shared, JOBS_SWEEP_SECONDS: '0.5' };
const [apiA, apiB] = await Promise.all([
  startServerProcess('serve', { ...shared, WORKER: 'off' }),
  startServerProcess('serve', { ...shared, WORKER: 'off' }),
]);
let worker: ServerProcess = await startServerProcess('worker', WORKER_ENV);
const apis = [apiA, apiB];

afterAll(async () => {
  await Promise.all([apiA.stop(), apiB.stop(), worker.stop()]);
  if (redisUrl) {
    const redis = connectRedis(redisUrl);
    const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix: keyPrefix });
    await queue.obliterate({ force: true });
    await queue.close();
    const leftovers = await redis.keys(`${keyPrefix}*`);
    if (leftovers.length > 0) await redis.del(...leftovers);
    await redis.quit();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer<T = unknown> {
  code: string;
  errorKey?: string;
  data?: T;
}

async function call<T = unknown>(base: string, name: string, params: Record<string, string>, options: { token?: string; ip?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const query = options.token ? `?token=${encodeURIComponent(options.token)}` : '';
  // the processes check these passwords themselves: the log scan must know them too
  recordSecretParams({ ...params, token: options.token });
  const response = await fetch(`${base}/wap/api/${name}.action${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': options.ip ?? '10.99.0.1', ...options.headers },
    body: new URLSearchParams(params).toString(),
  });
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as Answer<T>;
}

async function metricsOf(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.base}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Sum of a counter's samples whose labels include these. */
function total(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pendingCount(ids: string[]): Promise<number> {
  const rows = await t.database.pool.query<{ n: number }>("select count(*)::int as n from orders where id = any($1) and status = 'pending_payment'", [ids]);
  return rows.rows[0]?.n ?? 0;
}

/** Every order cancelled by the timeout exactly once: one timeline entry each. */
async function expectCancelledOnce(ids: string[]): Promise<void> {
  const statuses = await t.database.pool.query<{ status: string; n: number }>('select status, count(*)::int as n from orders where id = any($1) group by status', [ids]);
  expect(statuses.rows).toEqual([{ status: 'cancelled', n: ids.length }]);
  const logs = await t.database.pool.query<{ order_id: string; n: number }>(
    "select order_id, count(*)::int as n from order_logs where order_id = any($1) and key like '%cancel%' group by order_id",
    [ids],
  );
  expect(logs.rows.length).toBe(ids.length);
  for (const row of logs.rows) expect(row.n, row.order_id).toBe(1);
}

/** Places `count` unpaid orders of one unit each, through both API processes in turn. */
async function placeUnpaid(buyers: Buyer[], sellerGoodsId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  await Promise.all(
    buyers.map(async (user, index) => {
      for (let n = index; n < count; n += buyers.length) {
        const placed = await call<{ orderList: { id: string }[] }>(apis[n % 2]!.base, 'order!submit', { orderInfo: JSON.stringify([{ sellerGoodsId, goodsNum: 1 }]), addressId: user.addressId }, {
          token: user.token,
          ip: `10.98.${index}.${n % 250}`,
          // one key per order: the same buyer placing the same line again within 5 s is otherwise taken for a double click
          headers: { 'idempotency-key': `place-${keyPrefix}-${sellerGoodsId}-${n}` },
        });
        expect(placed.code, placed.errorKey).toBe('0');
        ids.push(placed.data!.orderList[0]!.id);
      }
    }),
  );
  return ids;
}

describe(`two API processes and a worker on one database (${MODE})`, () => {
  it('API processes with WORKER=off run no job; the worker fires each passed deadline exactly once', async () => {
    const goods = await listing(t, 1000);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => buyer(t)));
    const ids = await placeUnpaid(buyers, goods.sellerGoodsId, 24);
    expect(await stockOf(t, goods.skuId)).toBe(1000 - 24);
    // time passes: the deadlines are now behind us; with Redis, the scheduled BullMQ jobs are made due
    // too, so the worker's BullMQ delivery and its sweep race for the same rows
    await t.database.pool.query("update orders set pay_deadline_at = now() - interval '1 second' where id = any($1)", [ids]);
    if (redisUrl) {
      const redis = connectRedis(redisUrl);
      const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix: keyPrefix });
      const delayed = await queue.getDelayed();
      // the API processes scheduled one delayed job per order
      expect(delayed.filter((job) => ids.includes(String(job.data.id))).length).toBe(ids.length);
      await Promise.all(delayed.map((job) => job.promote()));
      await queue.close();
      await redis.quit();
    }
    await waitUntil('the worker cancelling the unpaid orders', async () => (await pendingCount(ids)) === 0);
    await expectCancelledOnce(ids);
    // the stock came back once per order, not twice
    expect(await stockOf(t, goods.skuId)).toBe(1000);
    for (const api of apis) expect(total(await metricsOf(api), 'caravan_jobs_total', {})).toBe(0);
    expect(total(await metricsOf(worker), 'caravan_jobs_total', { kind: 'order.pay_timeout', outcome: 'ok' })).toBeGreaterThanOrEqual(ids.length);
    await expectLedgerConsistent(t);
  }, 120_000);

  it('a checkout race split over both processes sells exactly the stock, each order paid once', async () => {
    const STOCK = 15;
    const goods = await listing(t, STOCK);
    const buyers = await Promise.all(Array.from({ length: 40 }, () => buyer(t, '10000')));
    const placed = await Promise.all(
      buyers.map((user, index) =>
        call<{ orderList: { id: string }[] }>(apis[index % 2]!.base, 'order!submit', { orderInfo: JSON.stringify([{ sellerGoodsId: goods.sellerGoodsId, goodsNum: 1 }]), addressId: user.addressId }, { token: user.token, ip: `10.97.0.${index}` }),
      ),
    );
    const accepted = placed.filter((answer) => answer.code === '0');
    expect(accepted.length).toBe(STOCK);
    const refusals = new Set(placed.filter((answer) => answer.code !== '0').map((answer) => answer.errorKey));
    expect([...refusals]).toHaveLength(1);
    expect([...refusals][0]).toMatch(/^orders\./);
    expect(await stockOf(t, goods.skuId)).toBe(0);

    // each order paid twice at once with one Idempotency-Key, once through each process: one payment
    const paid = await Promise.all(
      placed.flatMap((answer, index) => {
        if (answer.code !== '0') return [];
        const orderId = answer.data!.orderList[0]!.id;
        const key = `pay-${orderId}`;
        return apis.map((api) => call(api.base, 'order!pay', { orderId, safeword: SAFEWORD }, { token: buyers[index]!.token, ip: `10.96.0.${index}`, headers: { 'idempotency-key': key } }));
      }),
    );
    expect(paid.filter((answer) => answer.code === '0').length).toBe(2 * STOCK);
    const payments = await t.database.pool.query<{ n: number; orders: number }>(
      "select count(*)::int as n, count(distinct reference_id)::int as orders from ledger_transfers where kind = 'order_payment' and reference_id = any($1)",
      [accepted.map((answer) => answer.data!.orderList[0]!.id)],
    );
    expect(payments.rows[0]).toEqual({ n: STOCK, orders: STOCK });
    await expectLedgerConsistent(t);
  }, 120_000);

  it('the lock-out holds across processes: wrong passwords on A and B lock the account on both', async () => {
    const user = await registerUser(t);
    const ip = '10.95.0.1';
    const outcomes: string[] = [];
    for (const [index, api] of [apiA, apiB, apiA].entries()) {
      const answer = await call(api.base, 'user!newlogin', { username: user.username, password: `Wrong#pass${index}` }, { ip });
      outcomes.push(answer.errorKey ?? answer.code);
    }
    expect(outcomes.slice(0, 2)).toEqual(['accounts.login_failed', 'accounts.login_failed']);
    expect(outcomes[2]).toMatch(/^accounts\.(login_failed|login_locked_minutes)$/);
    // the right password is refused now, on either process
    for (const api of apis) {
      const answer = await call(api.base, 'user!newlogin', { username: user.username, password: user.password }, { ip });
      expect(answer.code).not.toBe('0');
      expect(answer.errorKey).toMatch(/^accounts\.login_locked_/);
    }
  }, 60_000);

  it(
    redisUrl
      ? 'a logout through one process ends the session on the other as soon as the bus brings the word (ADR 0018)'
      : 'without Redis a logout through one process ends the session on the other within SESSION_CACHE_MS (documented fallback)',
    async () => {
      const user = await registerUser(t);
      // both processes hold the session in their caches
      for (const api of apis) expect((await call(api.base, 'localuser!get', {}, { token: user.token })).code).toBe('0');
      const refusedOn = async (api: ServerProcess) => (await call(api.base, 'localuser!get', {}, { token: user.token })).errorKey === 'common.session_expired';
      if (redisUrl) {
        const listener = connectRedis(redisUrl);
        const heard = new Promise<unknown>((resolve) => listener.on('message', (_channel, text: string) => resolve(JSON.parse(text))));
        await listener.subscribe(`${keyPrefix}:bus:sessions.forget`);
        expect((await call(apiA.base, 'user!logout', {}, { token: user.token })).code).toBe('0');
        // the message names the user and nothing of the token
        expect(await heard).toEqual({ userId: expect.any(String) });
        await listener.quit();
        expect(await refusedOn(apiB)).toBe(true);
      } else {
        expect((await call(apiA.base, 'user!logout', {}, { token: user.token })).code).toBe('0');
        await waitUntil('the other process to refuse the session', () => refusedOn(apiB), 10_000);
      }
      expect(await refusedOn(apiA)).toBe(true);
    },
    60_000,
  );

  it(redisUrl ? 'rate limits count requests to both processes together (shared in Redis)' : 'without Redis each process counts its own rate limits (documented fallback)', async () => {
    const rule = ACCOUNT_RATE_RULES.registerPerIp;
    const ip = '10.94.0.1';
    const attempts = rule.max + 6;
    const answers: Answer[] = [];
    for (let index = 0; index < attempts; index += 1) {
      const name = `multi${process.pid % 10000}r${index}`;
      answers.push(await call(apis[index % 2]!.base, 'localuser!registerNoVerifcode', { username: name, password: 'Kx9#mountain', re_password: 'Kx9#mountain' }, { ip }));
    }
    const accepted = answers.filter((answer) => answer.code === '0').length;
    if (redisUrl) {
      expect(accepted).toBe(rule.max);
      expect(answers.slice(rule.max).every((answer) => answer.errorKey === 'common.too_frequent')).toBe(true);
    } else {
      expect(accepted).toBe(attempts);
    }
  }, 60_000);

  it('a worker killed in the middle of its jobs leaves them to the next worker: each done once, none lost', async () => {
    const goods = await listing(t, 1000);
    // 300 rows are three sweep batches: the kill lands in the middle of the work
    const buyers = await Promise.all(Array.from({ length: 30 }, () => buyer(t)));
    const ids = await placeUnpaid(buyers, goods.sellerGoodsId, 300);
    await t.database.pool.query("update orders set pay_deadline_at = now() - interval '1 second' where id = any($1)", [ids]);
    // kill the worker as soon as it has cancelled a few: it is in the middle of the batch
    await waitUntil('the worker starting on the batch', async () => (await pendingCount(ids)) <= ids.length - 5, 30_000);
    await worker.kill();
    expect(await pendingCount(ids)).toBeGreaterThan(0);
    // the API processes only schedule: they ran none of them
    for (const api of apis) expect(total(await metricsOf(api), 'caravan_jobs_total', {})).toBe(0);

    worker = await startServerProcess('worker', WORKER_ENV);
    await waitUntil('the new worker finishing the batch', async () => (await pendingCount(ids)) === 0, 60_000);
    await expectCancelledOnce(ids);
    expect(await stockOf(t, goods.skuId)).toBe(1000);
    await expectLedgerConsistent(t);
  }, 120_000);

  it('a process loads the image library (sharp, about 34 MB resident) on its first picture, not at start-up', async () => {
    const libraries = () => readFileSync(`/proc/${apiB.child.pid}/maps`, 'utf8');
    expect(libraries()).not.toContain('libvips');
    const user = await buyer(t);
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('token', user.token);
    form.set('file', new Blob([jpeg], { type: 'image/jpeg' }), 'picture.jpg');
    recordSecretParams({ token: user.token });
    const response = await fetch(`${apiB.base}/wap/api/uploadimg!execute.action`, { method: 'POST', headers: { 'x-forwarded-for': '10.97.0.1' }, body: form });
    const answer = (await response.json()) as Answer<string>;
    expect(answer.code, answer.errorKey).toBe('0');
    expect(answer.data).toMatch(/\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(libraries()).toContain('libvips');
  }, 30_000);

  it('stops gracefully on SIGTERM: readiness drains, in-flight work finishes, exit code 0', async () => {
    const extra = await startServerProcess('serve', { ...shared, WORKER: 'off', SHUTDOWN_DRAIN_SECONDS: '1' });
    expect((await fetch(`${extra.base}/health/ready`)).status).toBe(200);
    const exit = extra.stop();
    await waitUntil('readiness answering 503', async () => (await fetch(`${extra.base}/health/ready`)).status === 503, 5_000);
    const draining = await fetch(`${extra.base}/health/ready`);
    expect(await draining.json()).toMatchObject({ status: 'draining' });
    // still serving while it drains
    expect((await fetch(`${extra.base}/health/live`)).status).toBe(200);
    expect(await exit).toBe(0);
  }, 30_000);
});
