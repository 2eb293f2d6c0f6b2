import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, placeOrder, sellerWithListing, type Buyer, type Seller } from '../support/orders.ts';
import { planNodes, planOf, seqScansOf, sortedPages, usesIndex, type PlanNode } from '../support/plans.ts';
import { dataStatements, recordStatements } from '../support/statements.ts';
import { useTestApp, type CallOptions } from '../support/test-app.ts';

// The signed-in lists are read newest first from their owner's index, never sorted before the page is cut
// (issue 17: a list's cost must not grow with its table). Each call's real statements are captured and
// EXPLAINed with scans and sorts priced out: a page cut after a Sort means no index could give the order.
// This is what found drizzle's `DESC NULLS LAST` index columns, which an `ORDER BY created_at DESC` (nulls
// first) cannot walk (migrations 0018 and 0020).

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 20, shops: 2 });

let user: Buyer;
let seller: Seller;

/** The plans of a call's statements that walk `index`. */
async function plansWalking(name: string, params: Record<string, unknown>, options: CallOptions, index: string): Promise<PlanNode[]> {
  const { result, statements } = await recordStatements(() => t.call(name, params, options));
  expect(result.code, `${name}: ${result.msg}`).toBe('0');
  const plans: PlanNode[] = [];
  for (const statement of dataStatements(statements)) {
    if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
    const plan = await planOf(t.database.pool, statement, { strict: true });
    if (usesIndex(plan, index)) plans.push(plan);
  }
  expect(plans.length, `${name}: no statement walks ${index}\n${statements.map((statement) => statement.text).join('\n')}`).toBeGreaterThan(0);
  return plans;
}

function expectPagesFromIndex(plans: PlanNode[]): void {
  for (const plan of plans) {
    expect(seqScansOf(plan, ['orders', 'order_items', 'withdraw_orders', 'recharge_orders', 'favorite_goods', 'shop_follows', 'loans', 'users', 'seller_goods', 'goods'])).toEqual([]);
    expect(sortedPages(plan), JSON.stringify(plan)).toEqual([]);
  }
}

describe('newest-first lists walk their index', () => {
  it('sets up a buyer with orders and a seller', async () => {
    user = await buyer(t, '1000');
    seller = await sellerWithListing(t);
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
    expectPagesFromIndex(await plansWalking(name, params, { token: user.token }, index));
  });

  it.each([
    ['goods!list', 'seller_goods_shop_listed_idx'],
    ['systemGoods!list', 'goods_created_idx'],
  ] as const)("the seller panel's %s reads %s in order", async (name, index) => {
    expectPagesFromIndex(await plansWalking(name, { pageNum: 1, pageSize: 10 }, { token: seller.token, prefix: '/wap/seller/' }, index));
  });

  it("order!listMain takes each order's first goods from the order's own copy and its shop's name from the directory: its plan reads orders alone", async () => {
    const [plan] = await plansWalking('order!listMain', { pageNum: 1, pageSize: 20 }, { token: user.token }, 'orders_buyer_idx');
    const tables = new Set(plan ? planNodes(plan).flatMap((node) => node['Relation Name'] ?? []) : []);
    expect([...tables]).toEqual(['orders']);
  });

  it("order!listMain counts the whole list from an index alone, whatever the buyer's history", async () => {
    // the default tab (the bench's); on this small database a state's tab may be counted through another
    // index of the same size, which says nothing about a grown one
    for (const params of [{ pageNum: 1, pageSize: 20 }]) {
      const [plan] = await plansWalking('order!listMain', params, { token: user.token }, 'orders_buyer_idx');
      // the count is the statement's one aggregate; every scan under it reads an index of orders only
      const count = plan ? planNodes(plan).find((node) => node['Node Type'] === 'Aggregate') : undefined;
      const scans = count ? planNodes(count).filter((node) => node['Relation Name'] !== undefined) : [];
      expect(scans.map((node) => [node['Node Type'], node['Relation Name']]), JSON.stringify(plan)).toEqual([['Index Only Scan', 'orders']]);
    }
  });
});
