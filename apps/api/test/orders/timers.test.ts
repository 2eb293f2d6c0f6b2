import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/platform/clock.ts';
import { JOBS_QUEUE_NAME } from '../../src/platform/jobs.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, orderRow, placeOrder, stockOf } from '../support/orders.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { SAFEWORD } from '../support/wallet.ts';

// The order deadlines through the scheduler the server really uses: the in-process one, and BullMQ on
// Redis. The sweep (runDue) is driven with the injected clock; handlers are idempotent.

async function journeys(t: TestApp) {
  const user = await buyer(t, '100000');
  const a = await listing(t, 20);
  const unpaid = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 5 });
  t.clock.advance(6_000);
  const paid = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
  await t.services.payments.pay(user.id, paid, SAFEWORD);
  expect(await stockOf(t, a.skuId)).toBe(14);

  // nothing is due yet
  expect((await t.services.scheduler.runDue()).filter((outcome) => [unpaid, paid].includes(outcome.id))).toEqual([]);
  t.clock.advance(31 * MINUTE_MS);
  const first = await t.services.scheduler.runDue();
  expect(first).toContainEqual({ kind: 'order.pay_timeout', id: unpaid, ok: true });
  expect((await orderRow(t, unpaid))?.status).toBe('cancelled');
  expect(await stockOf(t, a.skuId)).toBe(19);
  // a second sweep finds nothing more to do for it
  expect((await t.services.scheduler.runDue()).filter((outcome) => outcome.id === unpaid)).toEqual([]);

  t.clock.advance(24 * HOUR_MS);
  expect(await t.services.scheduler.runDue()).toContainEqual({ kind: 'order.auto_ship', id: paid, ok: true });
  t.clock.advance(15 * DAY_MS);
  expect(await t.services.scheduler.runDue()).toContainEqual({ kind: 'order.auto_receive', id: paid, ok: true });
  t.clock.advance(7 * DAY_MS);
  expect(await t.services.scheduler.runDue()).toContainEqual({ kind: 'order.auto_review', id: paid, ok: true });
  expect((await orderRow(t, paid))?.status).toBe('completed');
  return { unpaid, paid };
}

describe('order timers, in-process scheduler', () => {
  it('cancel on time-out, then auto-ship, auto-receipt, default review', async () => {
    const t = await useTestApp();
    await seedSmallCatalogue(t, { products: 30, shops: 3 });
    await journeys(t);
  });
});

const redisUrl = inject('redisUrl');
describe.runIf(redisUrl)('order timers, BullMQ on Redis', () => {
  const redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 3 });
  const prefix = `caravan-test-orders-${process.pid}-${Date.now()}`;
  afterAll(async () => {
    const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    await redis.quit();
  });

  it('puts each deadline in Redis as a delayed job, and the same handlers run', async () => {
    const t = await useTestApp({ redis, jobPrefix: prefix });
    await seedSmallCatalogue(t, { products: 30, shops: 3 });
    const queue = new Queue(JOBS_QUEUE_NAME, { connection: redis, prefix });
    try {
      const user = await buyer(t, '100');
      const a = await listing(t, 5);
      const id = await placeOrder(t, user, { sellerGoodsId: a.sellerGoodsId, goodsNum: 1 });
      const delayed = await queue.getDelayed();
      const job = delayed.find((candidate) => candidate.id?.startsWith(`order.pay_timeout@${id}@`));
      expect(job?.delay).toBe(30 * MINUTE_MS);
      const { unpaid, paid } = await journeys(t);
      expect((await orderRow(t, unpaid))?.status).toBe('cancelled');
      expect((await orderRow(t, paid))?.status).toBe('completed');
    } finally {
      await queue.close();
    }
  });
});
