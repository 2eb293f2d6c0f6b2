import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { listing } from '../support/orders.ts';
import { useTestApp } from '../support/test-app.ts';

// The order tests' `listing` helper promises a different product on every call. It used to take the
// next listing by an offset in id order, so a listing added meanwhile under a random id that sorted
// before the offset (the seller's copy `sellerWithListing` makes) shifted it, and the next call
// answered the product already handed out: the after-sale e2e failed in CI on three listings with two
// names between them.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 40, shops: 4 });

/** A visible copy of a listing in the same shop, under an id that sorts before every seeded one. */
async function copyFirstInOrder(sellerGoodsId: string): Promise<void> {
  await t.database.pool.query(
    `insert into seller_goods (id, shop_id, goods_id, category_id, top_category_id, profit_ratio, selling_price, is_shelf, visible, search_text, search_tokens, created_at, updated_at)
     select '00000000000000000000000000000000', shop_id, goods_id, category_id, top_category_id, profit_ratio, selling_price, true, true, search_text, search_tokens, created_at, updated_at
       from seller_goods where id = $1`,
    [sellerGoodsId],
  );
}

describe('the listing helper of the order tests', () => {
  it('hands out a different product on each call, also after a listing was added before the rest in id order', async () => {
    const first = await listing(t);
    await copyFirstInOrder(first.sellerGoodsId);
    const next = [await listing(t), await listing(t), await listing(t)];
    const goods = [first, ...next].map((picked) => picked.goodsId);
    expect(new Set(goods).size).toBe(4);
    expect(next.map((picked) => picked.sellerGoodsId)).not.toContain('00000000000000000000000000000000');
  });

  it("with a shop, answers that shop's first listing every time", async () => {
    const some = await listing(t);
    const again = [await listing(t, 10, { shopId: some.shopId }), await listing(t, 10, { shopId: some.shopId })];
    expect(again[0]?.shopId).toBe(some.shopId);
    expect(again[1]?.sellerGoodsId).toBe(again[0]?.sellerGoodsId);
  });
});
