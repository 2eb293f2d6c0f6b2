import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, placeOrder, type Buyer } from '../support/orders.ts';
import { dataStatements, recordStatements, type RecordedStatement } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';

// The signed-in lists are read newest first from their owner's index, never sorted afterwards (issue 17:
// cost must not grow with a table's size). Each call's real statements are captured and EXPLAINed with
// sequential scans off: a plan that could not walk the index in order shows a Sort (or a Seq Scan). This
// is what found drizzle's `DESC NULLS LAST` index columns, which an `ORDER BY created_at DESC` (nulls
// first) cannot walk (migration 0018).

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 20, shops: 2 });

let user: Buyer;

async function plansOf(statements: RecordedStatement[]): Promise<string[]> {
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    // scans and sorts priced out: a Sort left in the plan is one no index could spare (a tiny test table
    // would otherwise make a bitmap scan and a sort look cheapest)
    await client.query('set local enable_seqscan = off');
    await client.query('set local enable_bitmapscan = off');
    await client.query('set local enable_sort = off');
    const plans: string[] = [];
    for (const statement of dataStatements(statements)) {
      if (!/order by/i.test(statement.text) || /^\s*(insert|update|delete)/i.test(statement.text)) continue;
      const rows = await client.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values);
      plans.push(rows.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    await client.query('rollback');
    return plans;
  } finally {
    client.release();
  }
}

describe('newest-first lists walk their index', () => {
  it('sets up a buyer with orders', async () => {
    user = await buyer(t, '1000');
    const goods = await listing(t);
    for (let index = 0; index < 3; index += 1) {
      await placeOrder(t, user, { sellerGoodsId: goods.sellerGoodsId, goodsNum: index + 1 });
      t.clock.advance(60_000);
    }
  });

  it.each([
    ['order!listMain', { pageNum: 1, pageSize: 20 }, 'orders_buyer_idx'],
    ['withdraw!list', { page_no: 1 }, 'withdraw_orders_user_idx'],
    ['rechargeBlockchain!list', { page_no: 1 }, 'recharge_orders_user_idx'],
    ['keepGoods!list', { pageNum: 1, pageSize: 20 }, 'favorite_goods_user_idx'],
    ['focusSeller!list', { pageNum: 1, pageSize: 20 }, 'shop_follows_user_idx'],
    ['credit!histroy', { pageNum: 1, pageSize: 20 }, 'loans_user_idx'],
    ['localuser!invitedList', { pageNum: 1, pageSize: 20 }, 'users_referrer_idx'],
  ] as const)('%s reads %s in order', async (name, params, index) => {
    const { result, statements } = await recordStatements(() => t.call(name, params, { token: user.token }));
    expect(result.code, `${name}: ${result.msg}`).toBe('0');
    const plans = (await plansOf(statements)).filter((plan) => plan.includes(index));
    expect(plans.length, `${name}: no statement uses ${index}\n${statements.map((s) => s.text).join('\n')}`).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).not.toContain('Seq Scan');
      expect(plan, plan).not.toMatch(/\bSort\b/);
    }
  });

  it("order!listMain takes each order's first goods from order_items_order_idx, not from a walk of every item", async () => {
    const { statements } = await recordStatements(() => t.call('order!listMain', { pageNum: 1, pageSize: 20 }, { token: user.token }));
    const [plan] = (await plansOf(statements)).filter((candidate) => candidate.includes('orders_buyer_idx'));
    expect(plan).toContain('order_items_order_idx');
    expect(plan).not.toContain('order_items_pkey');
  });
});
