import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { Pool } from '@caravan/db/client';
import { systemPath } from '../../src/env.ts';
import { FUND_PASSWORD_LIMITS } from '../../src/modules/accounts/accounts.legacy.ts';
import { ORDER_RATE_RULES } from '../../src/modules/orders/orders.legacy.ts';
import { buyer, listing, submit, type Buyer } from './orders.ts';
import { SERVER_ENTRY } from './processes.ts';
import { nextAddress, type TestApp } from './test-app.ts';
import { SAFEWORD } from './wallet.ts';

// Shared by the backup tests (pg_dump on a private cluster, the logical format on the run's
// PostgreSQL): the `caravan` command on the built server, checkouts running while a backup is taken,
// and what a restored database must hold of them.

const run = promisify(execFile);
// The test clock stands still, so a buyer's limits never reset: each buyer stops before reaching one
// (setting the fund password spends one attempt; half the orders stay unpaid, under order_max_unpaid's 10).
const SAFEWORD_ATTEMPTS = Math.min(...FUND_PASSWORD_LIMITS.filter((limit) => limit.subject === 'user').map((limit) => limit.rule.max));
const ROUNDS_PER_BUYER = Math.min(ORDER_RATE_RULES.submitPerUser.max, 2 * (SAFEWORD_ATTEMPTS - 1));

/** `caravan <args>` with only these variables; answers its exit code and output. */
export async function caravanCommand(args: string[], databaseUrl: string, dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SERVER_ENTRY, ...args], { env: { PATH: systemPath(), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export type AcknowledgedOrders = Map<string, 'pending_payment' | 'paid'>;

/**
 * Eight buyers check out (every other order paid, within their rate limits) until `during` is done;
 * `during` starts once 30 orders are acknowledged. Answers what was acknowledged before it started and how many orders were
 * acknowledged while it ran (more than none, or the backup did not run under load).
 */
export async function whileCheckoutsRun<T>(t: TestApp, during: () => Promise<T>): Promise<{ result: T; beforeStart: AcknowledgedOrders; acknowledgedDuring: number }> {
  const item = await listing(t, 100_000);
  const buyers: Buyer[] = await Promise.all(Array.from({ length: 8 }, () => buyer(t, '100000')));
  const acknowledged: AcknowledgedOrders = new Map();
  let running = false;
  let acknowledgedDuring = 0;
  let stopLoad = false;
  const load = buyers.map(async (user, index) => {
    for (let round = 0; !stopLoad && round < ROUNDS_PER_BUYER; round += 1) {
      // a key per checkout: the same cart again is a new order, not a double click
      const placed = await submit(t, user, [{ sellerGoodsId: item.sellerGoodsId, goodsNum: 1 + ((index + round) % 3) }], { headers: { 'idempotency-key': `backup-${index}-${round}` } });
      const id = placed.data?.orderList[0]?.id;
      expect(id, placed.errorKey).toBeDefined();
      if (!id) return;
      acknowledged.set(id, 'pending_payment');
      // every other order stays unpaid, so both states are in the backup
      if (round % 2 === 0) {
        const paid = await t.call('order!pay', { orderId: id, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
        expect(paid.errorKey ?? 'ok').toBe('ok');
        acknowledged.set(id, 'paid');
      }
      if (running) acknowledgedDuring += 1;
    }
  });
  let settled = false;
  const loadDone = Promise.all(load).finally(() => {
    settled = true;
  });
  while (acknowledged.size < 30 && !settled) await new Promise((resolve) => setTimeout(resolve, 20));
  const beforeStart = new Map(acknowledged);
  running = true;
  try {
    const result = await during();
    return { result, beforeStart, acknowledgedDuring };
  } finally {
    running = false;
    stopLoad = true;
    await loadDone;
  }
}

/** Every order acknowledged before the backup is restored, paid ones with their escrow transfer (one snapshot). */
export async function expectOrdersRestored(pool: Pool, beforeStart: AcknowledgedOrders): Promise<number> {
  const orders = await pool.query<{ id: string; status: string; payment_transfer_id: string | null }>('select id, status, payment_transfer_id from orders');
  const status = new Map(orders.rows.map((row) => [row.id, row]));
  for (const [id, state] of beforeStart) {
    const row = status.get(id);
    // an order acknowledged unpaid may have been paid before the backup's snapshot was taken
    expect(row?.status, id).toMatch(state === 'paid' ? /^paid$/ : /^(pending_payment|paid)$/);
    expect(row?.payment_transfer_id === null, id).toBe(row?.status === 'pending_payment');
  }
  const unpaidTransfers = await pool.query<{ n: number }>(
    "select count(*)::int as n from orders o where o.status = 'paid' and not exists (select 1 from ledger_transfers l where l.kind = 'order_payment' and l.reference_id = o.id)",
  );
  expect(unpaidTransfers.rows[0]?.n).toBe(0);
  return orders.rows.length;
}
