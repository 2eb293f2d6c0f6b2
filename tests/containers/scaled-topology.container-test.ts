import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PostgreSqlContainer, type StartedPostgreSqlContainer } from '@testcontainers/postgresql';
import { RedisContainer, type StartedRedisContainer } from '@testcontainers/redis';
import { createPool, type Pool } from '@caravan/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, startServerProcess, type ServerProcess } from '../../apps/api/test/support/processes.ts';

// The scaled topology of docker-compose.yml against real containers (run by `npm run test:containers`
// where a Docker engine answers): the images compose uses for PostgreSQL and Redis, two API processes
// with WORKER=off and one worker, all from the built server. What the multi-instance test shows
// against the machine's own services, shown here against the images we ship with, plus a Redis
// restart under the running processes.

const POSTGRES_IMAGE = 'postgres:17-alpine';
const REDIS_IMAGE = 'redis:7.4-alpine';

let postgres: StartedPostgreSqlContainer;
let redis: StartedRedisContainer;
let processes: ServerProcess[] = [];
let pool: Pool;
const dataDir = mkdtempSync(path.join(tmpdir(), 'caravan-containers-'));

function env(): Record<string, string> {
  return { DATABASE_URL: postgres.getConnectionUri(), REDIS_URL: redis.getConnectionUrl(), DATA_DIR: dataDir, TRUST_PROXY: '1' };
}

async function call<T = unknown>(base: string, name: string, params: Record<string, string>, token?: string): Promise<{ code: string; errorKey?: string; data?: T }> {
  const response = await fetch(`${base}/wap/api/${name}.action${token ? `?token=${encodeURIComponent(token)}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.90.0.1' },
    body: new URLSearchParams(params).toString(),
  });
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as { code: string; errorKey?: string; data?: T };
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([new PostgreSqlContainer(POSTGRES_IMAGE).withDatabase('caravan').start(), new RedisContainer(REDIS_IMAGE).start()]);
  // migrations and a small demo catalogue, as the compose file's one-shot service and an operator would
  const seeded = spawnSync(process.execPath, [SERVER_ENTRY, 'seed', '--products', '40', '--shops', '3'], { env: { ...process.env, ...env(), NODE_ENV: 'production', SEED_DEMO: '1' }, encoding: 'utf8' });
  expect(seeded.status, seeded.stderr).toBe(0);
  processes = await Promise.all([
    startServerProcess('serve', { ...env(), WORKER: 'off' }),
    startServerProcess('serve', { ...env(), WORKER: 'off' }),
    startServerProcess('worker', { ...env(), JOBS_SWEEP_SECONDS: '0.5' }),
  ]);
  pool = createPool(postgres.getConnectionUri(), { max: 2 });
});

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await pool?.end();
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`the scaled topology on ${POSTGRES_IMAGE} and ${REDIS_IMAGE}`, () => {
  it('every process is ready, with the database and Redis answering', async () => {
    for (const process of processes) {
      const ready = await fetch(`${process.base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', database: true, redis: true });
    }
  });

  it('sessions are shared: logged in through one API process, known to the other', async () => {
    const [a, b] = processes;
    const username = `box${Date.now().toString(36)}`;
    const password = 'Kx9#mountain';
    expect((await call(a!.base, 'localuser!registerNoVerifcode', { username, password, re_password: password })).code).toBe('0');
    const login = await call<{ token: string }>(b!.base, 'user!newlogin', { username, password });
    expect(login.code).toBe('0');
    const me = await call<{ username: string }>(a!.base, 'localuser!get', {}, login.data!.token);
    expect(me.data?.username).toBe(username);
  });

  it('an unpaid order past its deadline is cancelled once, by the worker', async () => {
    const [a] = processes;
    const username = `buy${Date.now().toString(36)}`;
    const password = 'Kx9#mountain';
    const token = (await call<{ token: string }>(a!.base, 'localuser!registerNoVerifcode', { username, password, re_password: password })).data!.token;
    await call(a!.base, 'address!add', { contacts: 'Mei Chen', phone: '+1 718 555 0199', address: '200 Atlantic Ave', countryId: '233', provinceId: '1452', cityId: '112872' }, token);
    const addressId = (await call<{ pageList: { id: string }[] }>(a!.base, 'address!list', {}, token)).data!.pageList[0]!.id;
    const goods = (await call<{ pageList: { id: string }[] }>(a!.base, 'sellerGoods!list', { pageNum: '1', pageSize: '1' })).data!.pageList[0]!.id;
    const placed = await call<{ orderList: { id: string }[] }>(a!.base, 'order!submit', { orderInfo: JSON.stringify([{ sellerGoodsId: goods, goodsNum: 1 }]), addressId }, token);
    expect(placed.code, placed.errorKey).toBe('0');
    const orderId = placed.data!.orderList[0]!.id;
    await pool.query("update orders set pay_deadline_at = now() - interval '1 second' where id = $1", [orderId]);
    await waitUntil('the worker cancelling the order', async () => (await pool.query<{ status: string }>('select status from orders where id = $1', [orderId])).rows[0]?.status === 'cancelled');
    const logs = await pool.query<{ n: number }>("select count(*)::int as n from order_logs where order_id = $1 and key like '%cancel%'", [orderId]);
    expect(logs.rows[0]?.n).toBe(1);
  });

  it('rides out a Redis that stops answering: readiness reports it, then recovers; catalogue calls keep being answered', async () => {
    const [a] = processes;
    // every Redis command waits for 6 s (the container and its port stay as they are)
    expect((await redis.exec(['redis-cli', 'CLIENT', 'PAUSE', '6000', 'ALL'])).exitCode).toBe(0);
    const ready = await fetch(`${a!.base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'degraded', database: true, redis: false });
    expect((await call(a!.base, 'sellerGoods!list', { pageNum: '1', pageSize: '5' })).code).toBe('0');
    await waitUntil('readiness once Redis answers again', async () => (await fetch(`${a!.base}/health/ready`)).status === 200);
  });
});
