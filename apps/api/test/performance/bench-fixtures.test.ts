import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BENCH_ORDER_HISTORY, prepareWalletBench } from '../../src/seed/wallet-bench.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

// The bench's wallet users (`caravan bench-fixtures`, scripts/bench): funded, signed in, and each with at
// least a full page of orders, so `order!listMain`'s scenario reads 20 rows as its ceiling does.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 30, shops: 3 });
const { db } = t.database;

describe('the bench fixtures', () => {
  it('give every bench user a full page of orders, cancelled unpaid history that moved no money, once', async () => {
    const lines: string[] = [];
    const first = await prepareWalletBench(t.services, db, 2, (line) => lines.push(line));
    expect(first.users).toHaveLength(2);
    expect(lines.some((line) => line.startsWith(`adding ${2 * BENCH_ORDER_HISTORY} cancelled orders`))).toBe(true);

    for (const user of first.users) {
      const list = await t.call<{ pageInfo: { totalElements: number }; pageList: { status: number; firstGoodsName: string; priceCount: string }[] }>(
        'order!listMain',
        { pageNum: 1, pageSize: 20 },
        { token: user.token },
      );
      expect(list.code, list.msg).toBe('0');
      expect(list.data?.pageInfo.totalElements).toBe(BENCH_ORDER_HISTORY);
      expect(list.data?.pageList).toHaveLength(20);
      // cancelled (legacy status -1), each with its one line's goods and a price
      for (const line of list.data?.pageList ?? []) {
        expect(line.status).toBe(-1);
        expect(line.firstGoodsName).not.toBe('');
        expect(Number(line.priceCount)).toBeGreaterThan(0);
      }
    }
    const history = await db.execute<{ orders: number; items: number; unpaid: number; transfers: number }>(sql`
      select count(*)::int as orders,
             (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.buyer_id = any(${sql.param(first.users.map((user) => user.userId))}::text[])) as items,
             count(*) filter (where paid_at is null and payment_transfer_id is null and cancelled_by = 'timeout')::int as unpaid,
             (select count(*)::int from ledger_transfers where kind like 'order%') as transfers
        from orders where buyer_id = any(${sql.param(first.users.map((user) => user.userId))}::text[])`);
    expect(history.rows[0]).toEqual({ orders: 2 * BENCH_ORDER_HISTORY, items: 2 * BENCH_ORDER_HISTORY, unpaid: 2 * BENCH_ORDER_HISTORY, transfers: 0 });
    await expectLedgerConsistent(t);

    // a second run finds the pages full and adds nothing
    lines.length = 0;
    const second = await prepareWalletBench(t.services, db, 2, (line) => lines.push(line));
    expect(second.users.map((user) => user.userId)).toEqual(first.users.map((user) => user.userId));
    expect(lines.filter((line) => line.startsWith('adding'))).toEqual([]);
    const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(count.rows[0]?.n).toBe(2 * BENCH_ORDER_HISTORY);
  });
});
