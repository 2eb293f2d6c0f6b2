import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, submit, type Buyer } from '../support/orders.ts';
import { recordStatements } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';
import { SHOP_NAMES_SETTLE_MS } from '../../src/modules/shops/shop-name-filter.ts';
import { SHOP_NAMES_TTL_MS } from '../../src/modules/shops/shops.service.ts';
import { newId } from '../../src/platform/ids.ts';

// The buyer's order list shows each order's first item (the one with the smallest id) from a copy kept on
// the order when it is placed (migration 0024, issue 17). The copy must be the item the list showed before
// it existed, for new orders and for the orders the migration filled in. The order pages name their shops
// from the shop directory, or the shops' cached rows (ShopsService.namesByIds, ADR 0020 addendum).

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 30, shops: 2 });

const MIGRATION = new URL('../../../../packages/db/migrations/0024_orders_first_item.sql', import.meta.url);

type ListLine = { id: string; firstGoodsName: string; firstGoodsIcon: string; goodsFrom: string };

/** The first item of an order as order_items holds it (the smallest id), with its English name. */
async function firstItemOf(orderId: string) {
  const rows = await t.database.pool.query<{ name: string; image: string }>("select names->>'en' as name, image from order_items where order_id = $1 order by id limit 1", [orderId]);
  return rows.rows[0];
}

async function copyOf(orderId: string) {
  const rows = await t.database.pool.query<{ name: string; image: string }>("select first_item_names->>'en' as name, first_item_image as image from orders where id = $1", [orderId]);
  return rows.rows[0];
}

let user: Buyer;
let orderIds: string[] = [];

describe("the order's copy of its first item", () => {
  it('is the item with the smallest id, for an order of several lines, and the list shows it', async () => {
    user = await buyer(t, '10000');
    const first = await listing(t, 100);
    // two more listings of the same shop: one order of three lines
    const others = await t.database.pool.query<{ id: string }>(
      `select sg.id from seller_goods sg join goods g on g.id = sg.goods_id
        where sg.shop_id = $1 and sg.id <> $2 and sg.visible and g.buy_min = 1 and sg.discount_ratio is null order by sg.id limit 2`,
      [first.shopId, first.sellerGoodsId],
    );
    const lines = [first.sellerGoodsId, ...others.rows.map((row) => row.id)];
    expect(lines).toHaveLength(3);
    await t.database.pool.query('update goods_skus set stock = 100 where goods_id in (select goods_id from seller_goods where id = any($1))', [lines]);
    const placed = await submit(t, user, lines.map((sellerGoodsId) => ({ sellerGoodsId, goodsNum: 1 })));
    expect(placed.errorKey ?? 'ok').toBe('ok');
    orderIds = placed.data?.orderList.map((order) => order.id) ?? [];
    expect(orderIds).toHaveLength(1);
    const orderId = orderIds[0] ?? '';
    const items = await t.database.pool.query<{ n: number }>('select count(*)::int as n from order_items where order_id = $1', [orderId]);
    expect(items.rows[0]?.n).toBe(3);

    const expected = await firstItemOf(orderId);
    expect(expected?.name).toBeTruthy();
    expect(expected?.image).toBeTruthy();
    expect(await copyOf(orderId)).toEqual(expected);

    const list = await t.call<{ pageList: ListLine[] }>('order!listMain', {}, { token: user.token });
    expect(list.data?.pageList).toEqual([expect.objectContaining({ id: orderId, firstGoodsName: expected?.name, firstGoodsIcon: expected?.image })]);
    const shop = await t.database.pool.query<{ name: string }>('select name from shops where id = $1', [first.shopId]);
    expect(list.data?.pageList[0]?.goodsFrom).toBe(shop.rows[0]?.name);
  });

  it("is named in the reader's language, else in English, and the line says whether the seller confirmed the order", async () => {
    const orderId = orderIds[0] ?? '';
    type Line = ListLine & { sellerStatus: number };
    const line = async (lang: string) => (await t.call<{ pageList: Line[] }>('order!listMain', { lang }, { token: user.token })).data?.pageList[0];
    const names = await t.database.pool.query<{ names: Record<string, string> }>('select first_item_names as names from orders where id = $1', [orderId]);
    const stored = names.rows[0]?.names ?? {};
    expect(stored['zh-CN']).toBeTruthy();
    expect(stored['zh-CN']).not.toBe(stored.en);
    expect(await line('zh-CN')).toMatchObject({ firstGoodsName: stored['zh-CN'], sellerStatus: 0 });
    // a language the catalogue does not store, and a stored name left empty, read the English one
    expect((await line('ar'))?.firstGoodsName).toBe(stored.en);
    await t.database.pool.query(`update orders set first_item_names = first_item_names || '{"zh-TW": ""}'::jsonb, confirmed_at = now() where id = $1`, [orderId]);
    expect(await line('zh-TW')).toMatchObject({ firstGoodsName: stored.en, sellerStatus: 1 });
    await t.database.pool.query('update orders set first_item_names = $2, confirmed_at = null where id = $1', [orderId, JSON.stringify(stored)]);
    expect(await line('zh-TW')).toMatchObject({ firstGoodsName: stored['zh-TW'], sellerStatus: 0 });
  });

  it('is filled in by migration 0024 for the orders placed before it, from their items, in the same transaction as the columns', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      // the database as it was before 0024: the orders without the copy
      await client.query('alter table orders drop column first_item_names, drop column first_item_image');
      // an order without items (none is ever placed) shows an empty line, as the list's join did
      await client.query(
        `insert into orders (id, buyer_id, shop_id, checkout_id, status, contacts, phone, country, province, city, address, goods_count,
           original_amount, goods_amount, system_amount, profit, freight, tax, service_fee, total, commission_rate, created_at, updated_at)
         select 'no-items-order', buyer_id, shop_id, 'no-items-checkout', status, contacts, phone, country, province, city, address, 0,
           0, 0, 0, 0, 0, 0, 0, 0, 0, created_at, updated_at from orders where id = $1`,
        [orderIds[0]],
      );
      for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await client.query(statement);
      const filled = await client.query<{ id: string; name: string; image: string }>(
        "select id, first_item_names->>'en' as name, first_item_image as image from orders where id = any($1) order by id",
        [[...orderIds, 'no-items-order']],
      );
      const expected = await firstItemOf(orderIds[0] ?? '');
      // (hexadecimal ids sort before 'no-...')
      expect(filled.rows).toEqual([
        { id: orderIds[0], name: expected?.name, image: expected?.image },
        { id: 'no-items-order', name: '', image: '' },
      ]);
      // and the columns are required again, as the schema says
      const nullable = await client.query<{ column_name: string; is_nullable: string }>(
        "select column_name, is_nullable from information_schema.columns where table_name = 'orders' and column_name like 'first_item_%' order by column_name",
      );
      expect(nullable.rows).toEqual([
        { column_name: 'first_item_image', is_nullable: 'NO' },
        { column_name: 'first_item_names', is_nullable: 'NO' },
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
    // nothing of the rehearsal stayed
    expect(await copyOf(orderIds[0] ?? '')).toEqual(await firstItemOf(orderIds[0] ?? ''));
    expect((await t.database.pool.query("select 1 from orders where id = 'no-items-order'")).rowCount).toBe(0);
  });
});

describe("shops' names for the order pages (ShopsService.namesByIds)", () => {
  const shopsOf = async () => {
    const shops = await t.database.pool.query<{ id: string; name: string }>('select id, name from shops order by id limit 2');
    const [a, b] = shops.rows;
    if (!a || !b) throw new Error('the catalogue has two shops');
    return { a, b };
  };

  /** A use of the directory when its read is due: the read starts in the background; wait for it. */
  const readDue = async () => {
    t.services.shops.directory.peekUnchangedOrRead(SHOP_NAMES_TTL_MS);
    const reading = t.services.shops.directory.pending();
    expect(reading).toBeDefined();
    await reading;
  };

  it('answers from the shop directory once read, and from the cached rows for shops it does not hold', async () => {
    const { a, b } = await shopsOf();
    // (the catalogue's shops opened moments ago in this process: a read begun the settling time after)
    t.clock.advance(SHOP_NAMES_SETTLE_MS);
    await t.services.shops.directory.read();
    expect(t.services.shops.directory.peekUnchangedOrRead(SHOP_NAMES_TTL_MS)?.nameOf(a.id)).toBe(a.name);
    const ids = [a.id, b.id, a.id, 'no-such-shop'];

    // the directory names both shops; the unknown id is read once, and remembered as unknown
    const cold = await recordStatements(() => t.services.shops.namesByIds(ids));
    expect(cold.result).toEqual(new Map([[a.id, a.name], [b.id, b.name]]));
    expect(cold.statements).toHaveLength(1);
    const warm = await recordStatements(() => t.services.shops.namesByIds(ids));
    expect(warm.result).toEqual(cold.result);
    expect(warm.statements).toHaveLength(0);

    // a shop opened by another process after the read: named from its row, in one statement
    const opened = newId();
    await t.database.pool.query(`insert into shops (id, name, status, created_at, updated_at) values ($1, 'Opened Elsewhere', 'open', now(), now())`, [opened]);
    const younger = await recordStatements(() => t.services.shops.namesByIds([a.id, opened]));
    expect(younger.result).toEqual(new Map([[a.id, a.name], [opened, 'Opened Elsewhere']]));
    expect(younger.statements).toHaveLength(1);
  });

  it('reads a rename made through the service at once, and one made by another process within the directory\'s TTL', async () => {
    const { a, b } = await shopsOf();
    t.clock.advance(SHOP_NAMES_TTL_MS);
    await t.services.shops.directory.read();

    // this process: the directory is set aside until a read begun the settling time after the change
    await t.services.shops.updateDetails(a.id, { name: `${a.name} Renamed` });
    const renamed = await recordStatements(() => t.services.shops.namesByIds([a.id, b.id]));
    expect(renamed.result).toEqual(new Map([[a.id, `${a.name} Renamed`], [b.id, b.name]]));
    // from the rows: both read in one statement (the renamed one's cached row was dropped)
    expect(renamed.statements).toHaveLength(1);
    t.clock.advance(Math.max(SHOP_NAMES_SETTLE_MS, SHOP_NAMES_TTL_MS));
    await readDue();
    const settled = await recordStatements(() => t.services.shops.namesByIds([a.id, b.id]));
    expect(settled.result.get(a.id)).toBe(`${a.name} Renamed`);
    expect(settled.statements).toHaveLength(0);

    // another process: the directory's next read, a TTL after its last, brings the new name
    await t.database.pool.query('update shops set name = $2 where id = $1', [b.id, `${b.name} Elsewhere`]);
    expect((await t.services.shops.namesByIds([b.id])).get(b.id)).toBe(b.name);
    t.clock.advance(SHOP_NAMES_TTL_MS);
    await readDue();
    expect((await t.services.shops.namesByIds([b.id])).get(b.id)).toBe(`${b.name} Elsewhere`);
  });
});
