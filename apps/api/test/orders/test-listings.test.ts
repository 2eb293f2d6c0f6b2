import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { copyListing, listing } from '../support/orders.ts';
import { useTestApp } from '../support/test-app.ts';

// The order tests' `listing` helper promises a different product on every call. It used to take the
// next listing by an offset in id order, so a listing added meanwhile under a random id that sorted
// before the offset (the seller's copy `sellerWithListing` makes) shifted it, and the next call
// answered the product already handed out: the after-sale e2e failed in CI on three listings with two
// names between them.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 40, shops: 4 });

/** An id that sorts before every seeded listing's. */
const FIRST_IN_ORDER = '00000000000000000000000000000000';

describe('the listing helper of the order tests', () => {
  it('hands out a different product on each call, also after a listing was added before the rest in id order', async () => {
    const first = await listing(t);
    // the copy sellerWithListing makes, here under an id that sorts first
    await copyListing(t, first.sellerGoodsId, { shopId: first.shopId, id: FIRST_IN_ORDER });
    const next = [await listing(t), await listing(t), await listing(t)];
    const goods = [first, ...next].map((picked) => picked.goodsId);
    expect(new Set(goods).size).toBe(4);
    expect(next.map((picked) => picked.sellerGoodsId)).not.toContain(FIRST_IN_ORDER);
  });

  it("with a shop, answers that shop's first listing every time", async () => {
    const some = await listing(t);
    const again = [await listing(t, 10, { shopId: some.shopId }), await listing(t, 10, { shopId: some.shopId })];
    expect(again[0]?.shopId).toBe(some.shopId);
    expect(again[1]?.sellerGoodsId).toBe(again[0]?.sellerGoodsId);
  });
});
