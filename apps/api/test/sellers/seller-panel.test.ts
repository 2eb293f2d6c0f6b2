import { money, parseMoney } from '@caravan/contract/money';
import { discountedPrice, sellingPriceOf } from '@caravan/contract/pricing';
import { describe, expect, it } from 'vitest';
import { completionSplit } from '../../src/modules/orders/fulfilment.service.ts';
import { DAY_MS } from '../../src/platform/clock.ts';
import { formatLegacyDateTime } from '../../src/platform/time-zone.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, placeOrder, type Buyer } from '../support/orders.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, expectLedgerConsistent, SAFEWORD, walletUser, type WalletUser } from '../support/wallet.ts';

// The seller panel over the wire: listing wholesale goods with exact prices, every refusal with its
// key and nothing half-written, ownership (seller A never reads or changes seller B's listings), one
// listing per good under races, and earnings: the margin stays in escrow until the order completes,
// then is released to the wallet exactly once; measured service scores; the logoff veto.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 40, shops: 3 });
const SYSTEM = { type: 'system' as const, id: 'test', reason: 'seller panel settings' };
await t.services.settings.set(t.database.db, 'order_commission_rate', '0.1', SYSTEM);
const SELLER = { prefix: '/wap/seller/' };

interface SellerGoods {
  id: string;
  goodsId: string;
  sellingPrice: string;
  systemPrice: string;
  profitRatio: string;
  discountPrice?: string;
  isShelf: number;
  visible: number;
}

let shopCounter = 0;
/** A seller whose shop was opened the way an approval opens it (no listings yet). */
async function newSeller(): Promise<WalletUser> {
  const user = await walletUser(t);
  shopCounter += 1;
  await t.services.accounts.promoteToSeller(user.id);
  await t.services.shops.openShop({ sellerId: user.id, name: `Panel shop ${process.pid}-${shopCounter}` });
  return user;
}

async function wholesale(count: number, offset = 0): Promise<{ id: string; systemPrice: string }[]> {
  const rows = await t.database.pool.query<{ id: string; price: string }>('select id, system_price::text as price from goods where enabled and buy_min = 1 order by id offset $1 limit $2', [offset, count]);
  return rows.rows.map((row) => ({ id: row.id, systemPrice: row.price }));
}

function seller<T = unknown>(user: WalletUser, call: string, params: Record<string, unknown> = {}) {
  return t.call<T>(call, params, { token: user.token, ...SELLER, remoteAddress: nextAddress() });
}

async function listingsOf(user: WalletUser): Promise<SellerGoods[]> {
  return (await seller<{ pageList: SellerGoods[] }>(user, 'goods!list', { pageSize: 100 })).data?.pageList ?? [];
}

async function listingRows(shopId: string) {
  return (await t.database.pool.query<{ id: string; goods_id: string; deleted_at: Date | null }>('select id, goods_id, deleted_at from seller_goods where shop_id = $1 order by id', [shopId])).rows;
}

describe('seller panel: listing wholesale goods', () => {
  it('lists three goods at exact prices, seen by buyers; every bad request refused with nothing written', async () => {
    const user = await newSeller();
    const goods = await wholesale(3);
    const params = await t.call<{ profitMin: string; profitMax: string; onShelfRechargeLimit: string }>('sysParaProduct!info', {}, { token: user.token });
    expect(params.errorKey).toBeUndefined();
    expect(params.data).toMatchObject({ profitMin: '0.01', profitMax: '1', onShelfRechargeLimit: '0' });

    const ids = goods.map((good) => good.id).join(',');
    const refusals: [Record<string, unknown>, string][] = [
      [{ goodsIds: ids }, 'sellers.profit_required'],
      [{ goodsIds: ids, percent: '1.5' }, 'sellers.profit_out_of_range'],
      [{ goodsIds: ids, percent: '-0.1' }, 'sellers.profit_invalid'],
      [{ goodsIds: ids, percent: '1e-1' }, 'sellers.profit_invalid'],
      [{ goodsIds: `${ids},0123456789abcdef0123456789abcdef`, percent: '0.2' }, 'sellers.goods_invalid'],
      [{ goodsIds: 'nope', percent: '0.2' }, 'sellers.goods_invalid'],
      [{ goodsIds: ids, percent: '0.2', discount: '0.2' }, 'sellers.discount_time_required'],
      [{ goodsIds: ids, percent: '0.2', discount: '0.95', startTime: '2026-01-01 00:00:00', endTime: '2027-01-01 00:00:00' }, 'sellers.discount_invalid'],
      [{ goodsIds: ids, percent: '0.2', discount: '0.2', startTime: '2026-01-01 00:00:00', endTime: '2026-01-02 00:00:00' }, 'sellers.discount_time_invalid'],
    ];
    for (const [input, key] of refusals) expect({ input, key: (await seller(user, 'goods!addOrUpdate', input)).errorKey }).toEqual({ input, key });
    expect(await listingRows(user.id)).toEqual([]);

    const added = await seller<{ added: number; updated: number }>(user, 'goods!addOrUpdate', { goodsIds: ids, percent: '0.255' });
    expect(added.data).toEqual({ added: 3, updated: 0 });
    const listed = await listingsOf(user);
    expect(listed).toHaveLength(3);
    for (const good of goods) {
      const row = listed.find((item) => item.goodsId === good.id);
      const expected = money.format(sellingPriceOf(parseMoney(good.systemPrice), '0.255'), { decimals: 2 });
      expect(row).toMatchObject({ sellingPrice: expected, systemPrice: money.format(parseMoney(good.systemPrice), { decimals: 2, rounding: 'down' }), profitRatio: '0.255', isShelf: 1, visible: 1 });
    }
    // buyers see them in the shop
    const shopPage = await t.call<{ pageList: { id: string }[] }>('sellerGoods!list', { sellerId: user.id, pageSize: 50 });
    expect(shopPage.data?.pageList.map((item) => item.id).sort()).toEqual(listed.map((item) => item.id).sort());
    // the catalogue marks what is listed; "unlisted" leaves them out
    const catalogue = await seller<{ pageList: { id: string; isListed: number; sellerGoodsId: string }[] }>(user, 'systemGoods!list', { pageSize: 100 });
    expect(catalogue.data?.pageList.filter((item) => item.isListed === 1).map((item) => item.id).sort()).toEqual(goods.map((good) => good.id).sort());
    const unlisted = await seller<{ pageList: { id: string }[] }>(user, 'systemGoods!list', { pageSize: 100, unlisted: 1 });
    expect(unlisted.data?.pageList.some((item) => goods.some((good) => good.id === item.id))).toBe(false);

    // listing again changes the terms, never a second listing
    expect((await seller(user, 'goods!addOrUpdate', { goodsIds: goods[0]!.id, profit: '0.3' })).data).toEqual({ added: 0, updated: 1 });
    expect(await listingRows(user.id)).toHaveLength(3);
  });

  it('updates shelf and discount exactly; removing keeps the row, listing again revives it; two racing adds make one listing', async () => {
    const user = await newSeller();
    const [good] = await wholesale(1, 5);
    expect((await seller(user, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.4' })).errorKey).toBeUndefined();
    const [listing] = await listingsOf(user);
    const now = t.clock.now();
    const start = formatLegacyDateTime('Asia/Shanghai', new Date(now.getTime() - DAY_MS));
    const end = formatLegacyDateTime('Asia/Shanghai', new Date(now.getTime() + 3 * DAY_MS));
    const updated = await seller<SellerGoods>(user, 'goods!update', { id: listing!.id, discount: '0.15', startTime: start, endTime: end });
    expect(updated.errorKey).toBeUndefined();
    expect(updated.data?.discountPrice).toBe(money.format(discountedPrice(parseMoney(listing!.sellingPrice), '0.15'), { decimals: 2 }));

    expect((await seller<SellerGoods>(user, 'goods!update', { id: listing!.id, isShelf: 0 })).data).toMatchObject({ isShelf: 0, visible: 0 });
    expect((await t.call('sellerGoods!info', { sellerGoodsId: listing!.id })).errorKey).toMatch(/^catalog\./);
    expect((await t.call<{ pageList: unknown[] }>('sellerGoods!list', { sellerId: user.id })).data?.pageList).toEqual([]);
    expect((await seller<SellerGoods>(user, 'goods!update', { id: listing!.id, isShelf: 1 })).data).toMatchObject({ isShelf: 1, visible: 1 });

    expect((await seller(user, 'goods!delete', { id: listing!.id })).data).toEqual({ deleted: 1 });
    expect(await listingsOf(user)).toEqual([]);
    expect((await seller(user, 'goods!delete', { id: listing!.id })).errorKey).toBe('sellers.listing_not_found');
    expect((await seller(user, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.1' })).data).toEqual({ added: 1, updated: 0 });
    expect((await listingsOf(user)).map((row) => row.id)).toEqual([listing!.id]);

    const [other] = await wholesale(1, 9);
    const racing = await Promise.all(Array.from({ length: 4 }, () => seller(user, 'goods!addOrUpdate', { goodsIds: other!.id, percent: '0.2' })));
    expect(racing.every((response) => response.code === '0')).toBe(true);
    expect((await listingRows(user.id)).filter((row) => row.goods_id === other!.id)).toHaveLength(1);
  });

  it("seller A never reads or changes seller B's listings; buyers and closed shops are refused", async () => {
    const a = await newSeller();
    const b = await newSeller();
    const [good] = await wholesale(1, 12);
    await seller(a, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.2' });
    const [mine] = await listingsOf(a);
    expect(await listingsOf(b)).toEqual([]);
    expect((await seller(b, 'goods!list', { id: mine!.id })).data).toMatchObject({ pageList: [] });
    expect((await seller(b, 'goods!update', { id: mine!.id, percent: '0.9' })).errorKey).toBe('sellers.listing_not_found');
    expect((await seller(b, 'goods!update', { id: mine!.id, isShelf: 0 })).errorKey).toBe('sellers.listing_not_found');
    expect((await seller(b, 'goods!delete', { id: mine!.id })).errorKey).toBe('sellers.listing_not_found');
    expect(await listingsOf(a)).toEqual([expect.objectContaining({ id: mine!.id, profitRatio: '0.20', isShelf: 1 })]);

    const plain = await walletUser(t);
    for (const call of ['goods!list', 'goods!addOrUpdate', 'systemGoods!list', 'shop!overview', 'earnings!summary']) {
      expect((await seller(plain, call, { goodsIds: good!.id, percent: '0.2' })).errorKey).toBe('common.no_permission');
    }
    expect((await t.call('sysParaProduct!info', {}, { token: plain.token })).errorKey).toBe('common.no_permission');

    await t.services.shops.setStatus(a.id, 'suspended', { type: 'operator', id: 'op', reason: 'review' });
    expect((await seller(a, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.3' })).errorKey).toBe('sellers.shop_not_open');
  });

  it('the legacy first-listing deposit rule applies only when a platform configures it', async () => {
    await t.services.settings.set(t.database.db, 'onshelf_recharge_amount_limit', '500', SYSTEM);
    try {
      const user = await newSeller();
      const [good] = await wholesale(1, 15);
      const refused = await seller(user, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.2' });
      expect(refused).toMatchObject({ errorKey: 'sellers.onshelf_recharge_required', data: { _$1: '500' } });
      expect(refused.msg).toContain('500');
      expect(await listingRows(user.id)).toEqual([]);
    } finally {
      await t.services.settings.set(t.database.db, 'onshelf_recharge_amount_limit', '0', SYSTEM);
    }
  });
});

describe('seller panel: earnings and scores', () => {
  async function sale(user: WalletUser, customer: Buyer, goodsNum: number) {
    const [listing] = await listingsOf(user);
    const id = await placeOrder(t, customer, { sellerGoodsId: listing!.id, goodsNum });
    expect((await t.call('order!pay', { orderId: id, safeword: SAFEWORD }, { token: customer.token })).code).toBe('0');
    return { id, listing: listing! };
  }

  it('keeps the margin in escrow until completion, then releases it to the wallet exactly once', async () => {
    const user = await newSeller();
    const [good] = await wholesale(1, 20);
    await seller(user, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.35' });
    const customer = await buyer(t, '100000');
    const { id, listing } = await sale(user, customer, 4);
    const row = (await t.database.pool.query('select * from orders where id = $1', [id])).rows[0] as Record<string, string>;
    const split = completionSplit({
      goodsAmount: money.fromDb(row.goods_amount!),
      systemAmount: money.fromDb(row.system_amount!),
      freight: money.fromDb(row.freight!),
      tax: money.fromDb(row.tax!),
      serviceFee: money.fromDb(row.service_fee!),
      commissionRate: money.fromDb(row.commission_rate!),
    });
    const margin = money.format(split.seller, { decimals: 2 });
    expect(money.isPositive(split.seller)).toBe(true);

    const overview = await seller<{ noPushNum: number; todayOrders: number; todaySales: string; earnings: { pending: string; available: string; totalEarned: string } }>(user, 'shop!overview');
    expect(overview.data).toMatchObject({ noPushNum: 1, todayOrders: 1, todaySales: money.format(money.fromDb(row.goods_amount!), { decimals: 2 }), earnings: { pending: margin, available: '0.00', totalEarned: '0.00' } });
    expect((await seller(user, 'earnings!list', { settled: 0 })).data).toMatchObject({ pageList: [{ orderId: id, margin, settled: 0 }] });

    // two pushes of one order: one takes effect
    const pushes = await Promise.all([seller(user, 'orders!push', { orderId: id, safeword: SAFEWORD }), seller(user, 'orders!push', { orderId: id, safeword: SAFEWORD })]);
    expect(pushes.map((response) => response.errorKey ?? 'ok').sort()).toEqual(['ok', 'orders.cannot_confirm']);
    await t.services.fulfilment.ship(id, { type: 'operator', id: 'op-1', reason: 'packed' });
    expect((await t.call('order!receipt', { orderId: id }, { token: customer.token })).code).toBe('0');
    // received is not completed: nothing released yet
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00', frozen: '0.00' });
    const reviewed = await t.call('evaluation!addList', { orderId: id, evaluationAdds: [{ sellerGoodsId: listing.id, evaluationType: 1, rating: 5, content: 'Great' }] }, { token: customer.token, as: 'json' });
    expect(reviewed.code).toBe('0');
    expect((await t.call('evaluation!addList', { orderId: id, evaluationAdds: [{ sellerGoodsId: listing.id, evaluationType: 1, rating: 5 }] }, { token: customer.token, as: 'json' })).errorKey).toBe('orders.cannot_review');

    expect(await balanceOf(t, user)).toMatchObject({ money: margin, frozen: '0.00' });
    expect((await seller(user, 'earnings!summary')).data).toEqual({ pending: '0.00', pendingOrders: 0, available: margin, frozen: '0.00', totalEarned: margin, settledOrders: 1 });
    expect((await seller(user, 'earnings!list', { settled: 1 })).data).toMatchObject({ pageInfo: { totalElements: 1 }, pageList: [{ orderId: id, margin, settled: 1 }] });
    const reviews = await seller<{ pageList: { orderId: string; goodsName: string; content: string }[] }>(user, 'evaluation!list');
    expect(reviews.data?.pageList).toEqual([expect.objectContaining({ orderId: id, content: 'Great' })]);
    expect(reviews.data?.pageList[0]?.goodsName).not.toBe('');

    // accepted within the hour of payment, one dispute-free order, one good review written by the buyer
    const scores = { shipWithin24hRate: 1, shipCounted: 1, disputeRate: 0, disputeCounted: 1, goodReviewRate: 1, reviewsCounted: 1 };
    expect((await seller(user, 'shop!info')).data).toMatchObject({ scores });
    expect((await t.call('seller!info', { sellerId: user.id })).data).toMatchObject({ serviceScores: scores });
    await expectLedgerConsistent(t);
  });

  it('a shop with an order not finished cannot cancel its account', async () => {
    const user = await newSeller();
    const [good] = await wholesale(1, 25);
    await seller(user, 'goods!addOrUpdate', { goodsIds: good!.id, percent: '0.2' });
    await sale(user, await buyer(t, '100000'), 1);
    const refused = await t.call('user!logoff', { account: user.username, cashPassword: SAFEWORD, reason: 'closing down' }, { token: user.token });
    expect(refused.errorKey).toBe('sellers.logoff_open_orders');
    expect((await t.database.pool.query<{ status: string }>('select status from users where id = $1', [user.id])).rows[0]?.status).toBe('active');
  });
});
