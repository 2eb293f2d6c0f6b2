import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { money } from '@caravan/contract/money';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { startServerProcess, type ServerProcess } from '../support/processes.ts';
import { ADDRESS, listing, stockOf } from '../support/orders.ts';
import { recordSecretParams } from '../support/secrets.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, fund, SAFEWORD, walletUser, type WalletUser } from '../support/wallet.ts';

// Crash safety: the real server (the built `caravan serve`) is killed with SIGKILL in the middle of
// 200 checkouts. Afterwards no order is paid without its escrow transfer, none is charged twice, every
// wallet adds up, and a restarted server still fires the deadlines that passed while it was down.

// the server runs on the real clock, so the test's clock starts at the real time too
const t = await useTestApp({ start: new Date().toISOString() });
await seedSmallCatalogue(t, { products: 30, shops: 3 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'caravan-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(): Promise<ServerProcess> {
  // only what the server needs: configuration comes from these variables alone
  return startServerProcess('serve', { DATABASE_URL: t.database.url, DATA_DIR: dataDir, TRUST_PROXY: '1', REDIS_URL: '' });
}

let clientCounter = 0;
async function call(base: string, name: string, token: string, params: Record<string, string>): Promise<{ code: string; errorKey?: string; data?: unknown }> {
  clientCounter += 1;
  // the server process checks these itself: the log scan must know them too
  recordSecretParams({ ...params, token });
  const response = await fetch(`${base}/wap/api/${name}.action?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.77.${(clientCounter >> 8) & 255}.${clientCounter & 255}` },
    body: new URLSearchParams(params).toString(),
  });
  return (await response.json()) as { code: string; errorKey?: string; data?: unknown };
}

describe('crash safety', () => {
  it('SIGKILL during 200 checkouts: nothing paid without escrow, nothing charged twice, deadlines fire after restart', async () => {
    const a = await listing(t, 10_000);
    const buyers: (WalletUser & { addressId: string })[] = [];
    for (let batch = 0; batch < 5; batch += 1) {
      buyers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async () => {
            const user = await walletUser(t);
            await fund(t, user, '5000');
            return { ...user, addressId: (await t.services.addresses.add(user.id, ADDRESS)).id };
          }),
        )),
      );
    }

    let server = await startServer();
    let finished = 0;
    let killed = false;
    const checkout = async (user: (typeof buyers)[number], index: number) => {
      try {
        const placed = await call(server.base, 'order!submit', user.token, { orderInfo: JSON.stringify([{ sellerGoodsId: a.sellerGoodsId, goodsNum: 1 + (index % 3) }]), addressId: user.addressId });
        const id = (placed.data as { orderList?: { id: string }[] } | undefined)?.orderList?.[0]?.id;
        if (id) await call(server.base, 'order!pay', user.token, { orderId: id, safeword: SAFEWORD });
      } catch {
        // the connection died with the server
      }
      finished += 1;
      if (finished === 80 && !killed) {
        killed = true;
        void server.kill();
      }
    };
    // 4 checkouts per buyer, one after the other; 50 buyers at once
    await Promise.all(buyers.map(async (user) => {
      for (let index = 0; index < 4; index += 1) await checkout(user, index);
    }));
    expect(killed).toBe(true);
    await server.kill();

    const orders = await t.database.pool.query<{ id: string; status: string; buyer_id: string; total: string; payment_transfer_id: string | null; goods_count: number }>(
      'select id, status, buyer_id, total::text, payment_transfer_id, goods_count from orders',
    );
    expect(orders.rows.length).toBeGreaterThan(0);
    expect(orders.rows.length).toBeLessThan(200);
    // the kill came in the middle: some orders were paid, some were placed and not paid yet
    expect(orders.rows.some((order) => order.status === 'paid')).toBe(true);
    const payments = await t.database.pool.query<{ reference_id: string; n: number; amount: string }>(
      "select reference_id, count(*)::int as n, sum(amount)::text as amount from ledger_transfers where kind = 'order_payment' group by reference_id",
    );
    const paidBy = new Map(payments.rows.map((row) => [row.reference_id, row]));
    for (const order of orders.rows) {
      const transfer = paidBy.get(order.id);
      if (order.status === 'paid') {
        expect(order.payment_transfer_id, order.id).not.toBeNull();
        expect(transfer?.n, order.id).toBe(1);
        expect(money.cmp(money.fromDb(transfer?.amount ?? '0'), money.fromDb(order.total))).toBe(0);
      } else {
        expect(order.status).toBe('pending_payment');
        expect(transfer, order.id).toBeUndefined();
      }
    }
    for (const user of buyers) {
      const spent = orders.rows.filter((order) => order.buyer_id === user.id && order.status === 'paid').reduce((sum, order) => money.add(sum, money.fromDb(order.total)), money.zero);
      const wallet = await t.services.ledger.walletOf(t.database.db, user.id);
      expect(money.format(wallet.balance)).toBe(money.format(money.sub(money.fromDb('5000'), spent)));
    }
    const reserved = orders.rows.reduce((sum, order) => sum + order.goods_count, 0);
    expect(await stockOf(t, a.skuId)).toBe(10_000 - reserved);
    await expectLedgerConsistent(t);

    // the server was down past the unpaid orders' deadlines: the restarted one cancels them at once
    const unpaid = orders.rows.filter((order) => order.status === 'pending_payment').map((order) => order.id);
    await t.database.pool.query("update orders set pay_deadline_at = now() - interval '1 second' where status = 'pending_payment'");
    server = await startServer();
    try {
      const deadline = Date.now() + 20_000;
      let open = unpaid.length;
      while (open > 0 && Date.now() < deadline) {
        open = (await t.database.pool.query<{ n: number }>("select count(*)::int as n from orders where status = 'pending_payment'")).rows[0]?.n ?? 0;
        if (open > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(open).toBe(0);
    } finally {
      await server.stop();
    }
    const paidUnits = orders.rows.filter((order) => order.status === 'paid').reduce((sum, order) => sum + order.goods_count, 0);
    expect(await stockOf(t, a.skuId)).toBe(10_000 - paidUnits);
    await expectLedgerConsistent(t);
  }, 180_000);
});
