import { expect } from 'vitest';
import { newId } from '../../src/platform/ids.ts';
import { nextAddress, type TestApp } from './test-app.ts';
import { fund, walletUser, type WalletUser } from './wallet.ts';

// Helpers of the order tests: buyers with an address and money, listings picked from the seeded
// catalogue with a known stock, and the legacy checkout calls.

export interface Buyer extends WalletUser {
  addressId: string;
}

export const ADDRESS = {
  contacts: 'Mei Chen',
  phone: '+1 718 555 0199',
  email: 'mei.chen@example.com',
  postcode: '11201',
  address: '200 Atlantic Ave, Apt 4B',
  countryId: 233,
  provinceId: 1452,
  cityId: 112872,
};

export async function buyer(t: TestApp, balance?: string): Promise<Buyer> {
  const user = await walletUser(t);
  const address = await t.services.addresses.add(user.id, ADDRESS);
  if (balance) await fund(t, user, balance);
  return { ...user, addressId: address.id };
}

export interface Listing {
  sellerGoodsId: string;
  goodsId: string;
  shopId: string;
  skuId: string;
  skuPrice: string;
  profitRatio: string;
  buyMin: number;
}

/**
 * The goods `listing` handed out, so that each call is a different product. (It once took the next
 * listing by an offset, which a listing added meanwhile shifted: `sellerWithListing`'s copy, under a
 * random id, now and then sorted before the offset, and the next call answered the copied product again.)
 */
const handedOut = new Set<string>();
/**
 * A visible listing without a running discount (each call a different product; with `shopId`, that
 * shop's first listing), its base SKU stocked with `stock`.
 */
export async function listing(t: TestApp, stock = 1000, options: { shopId?: string; excludeShop?: string } = {}): Promise<Listing> {
  const rows = await t.database.pool.query<Listing & { sku_price: string }>(
    `select sg.id as "sellerGoodsId", sg.goods_id as "goodsId", sg.shop_id as "shopId", sg.profit_ratio::text as "profitRatio", g.buy_min as "buyMin",
            (select s.id from goods_skus s where s.goods_id = g.id order by s.sort, s.id limit 1) as "skuId",
            (select s.price::text from goods_skus s where s.goods_id = g.id order by s.sort, s.id limit 1) as sku_price
       from seller_goods sg join goods g on g.id = sg.goods_id
      where sg.visible and sg.discount_ratio is null and g.buy_min = 1
        and ($1::text is null or sg.shop_id = $1) and ($2::text is null or sg.shop_id <> $2)
        and ($1::text is not null or g.id <> all($3::text[]))
      order by sg.id limit 1`,
    [options.shopId ?? null, options.excludeShop ?? null, [...handedOut]],
  );
  const row = rows.rows[0];
  if (!row) throw new Error('no listing');
  handedOut.add(row.goodsId);
  await t.database.pool.query('update goods_skus set stock = $2 where id = $1', [row.skuId, stock]);
  return { ...row, skuPrice: row.sku_price };
}

export async function stockOf(t: TestApp, skuId: string): Promise<number> {
  return (await t.database.pool.query<{ stock: number }>('select stock from goods_skus where id = $1', [skuId])).rows[0]?.stock ?? -1;
}

export interface SubmitLine {
  sellerGoodsId: string;
  skuId?: string;
  goodsNum: number;
}

export async function submit(t: TestApp, user: Buyer, lines: SubmitLine[], options: { headers?: Record<string, string>; addressId?: string } = {}) {
  return t.call<{ orderList: { id: string; totalPrice: string; sellerId: string; status: number; prizeReal: string; fees: string; tax: string; serviceFee: string; goodsCount: number }[] }>(
    'order!submit',
    { orderInfo: JSON.stringify(lines), addressId: options.addressId ?? user.addressId },
    { token: user.token, remoteAddress: nextAddress(), ...(options.headers ? { headers: options.headers } : {}) },
  );
}

/** Submits one line and answers the order id. */
export async function placeOrder(t: TestApp, user: Buyer, line: SubmitLine): Promise<string> {
  const response = await submit(t, user, [line]);
  expect(response.errorKey ?? 'ok').toBe('ok');
  return response.data?.orderList[0]?.id ?? '';
}

export async function orderRow(t: TestApp, id: string) {
  const rows = await t.database.pool.query<{ status: string; total: string; refund_state: string; pay_deadline_at: Date | null; payment_transfer_id: string | null }>('select * from orders where id = $1', [id]);
  return rows.rows[0];
}

/**
 * A visible copy of a listing (the same good) in `shopId`, at `profitRatio` (the original's without it),
 * under `id` (a new random one without it); answers the copy's id.
 */
export async function copyListing(t: TestApp, sellerGoodsId: string, options: { shopId: string; profitRatio?: string; id?: string }): Promise<string> {
  const id = options.id ?? newId();
  await t.database.pool.query(
    `insert into seller_goods (id, shop_id, goods_id, category_id, top_category_id, profit_ratio, selling_price, is_shelf, visible, search_text, search_tokens, created_at, updated_at)
     select $1, $2, goods_id, category_id, top_category_id, coalesce($3::numeric, profit_ratio), selling_price, true, true, search_text, search_tokens, created_at, updated_at from seller_goods where id = $4`,
    [id, options.shopId, options.profitRatio ?? null, sellerGoodsId],
  );
  return id;
}

export interface Seller extends WalletUser {
  listing: Listing;
}

/** A seller who can log in (fund password set), with an open shop listing one good at `profitRatio`. */
export async function sellerWithListing(t: TestApp, options: { profitRatio?: string; stock?: number } = {}): Promise<Seller> {
  const user = await walletUser(t);
  await t.services.accounts.promoteToSeller(user.id);
  await t.services.shops.openShop({ sellerId: user.id, name: `Shop of ${user.username}` });
  const template = await listing(t, options.stock ?? 100);
  const id = await copyListing(t, template.sellerGoodsId, { shopId: user.id, profitRatio: options.profitRatio ?? '0.2' });
  // a fresh login: promotion to seller ends the old sessions' role
  const login = await t.call<{ token: string }>('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() });
  return { ...user, token: login.data?.token ?? user.token, listing: { ...template, sellerGoodsId: id, shopId: user.id, profitRatio: options.profitRatio ?? '0.2' } };
}
