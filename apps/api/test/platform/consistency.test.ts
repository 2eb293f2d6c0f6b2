import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditDatabase } from '../../src/platform/consistency.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, placeOrder } from '../support/orders.ts';
import { useTestApp } from '../support/test-app.ts';

// `caravan audit` (what the bench runs after each money scenario): the ledger's invariants and the SKUs
// sold below zero stock, over the whole database.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 20, shops: 2 });

describe('auditDatabase', () => {
  it('passes on a database with deposits and orders, then names an oversold SKU and a broken account', async () => {
    const user = await buyer(t, '100');
    const line = await listing(t, 5);
    await placeOrder(t, user, { sellerGoodsId: line.sellerGoodsId, skuId: line.skuId, goodsNum: 2 });
    const clean = await auditDatabase(t.database.db);
    expect(clean).toEqual({ ok: true, ledger: { ok: true, problems: [] }, oversoldSkus: 0 });

    // damage inside a transaction that is then rolled back: the other tests share this database
    let damaged: Awaited<ReturnType<typeof auditDatabase>> | undefined;
    let code = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update goods_skus set stock = -1 where id = ${line.skuId}`);
        const account = (await tx.execute<{ code: string }>(sql`select code from ledger_accounts where credits_posted > 0 order by code limit 1`)).rows[0];
        if (!account) throw new Error('no funded account');
        code = account.code;
        await tx.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1 where code = ${code}`);
        damaged = await auditDatabase(tx);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(damaged?.ok).toBe(false);
    expect(damaged?.oversoldSkus).toBe(1);
    expect(damaged?.ledger.problems).toContain(`account ${code} does not equal the sum of its entries`);
    expect((await auditDatabase(t.database.db)).ok).toBe(true);
  });
});
