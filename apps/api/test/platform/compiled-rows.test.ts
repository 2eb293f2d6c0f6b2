import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { alias, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '@caravan/contract/money';
import { moneyColumn } from '@caravan/db/columns';
import { createTestDatabase } from '../../../../tests/support/database.ts';
import { builtOnce, compileRowMapper, withCompiledRows } from '../../src/platform/sql.ts';

// The row mapper compiled once per statement (platform/sql.ts compileRowMapper) must give exactly the
// rows drizzle's own mapResultRow gives: nested paths, decoders (money, dates, JSON, sql`` with
// mapWith), and a left join's group of columns made null by drizzle's rule (the group's first column).

const database = await createTestDatabase();
afterAll(() => database.drop());
const { db, pool } = database;

await pool.query(`
  create table mapper_shop (id text primary key, name text, opened_at timestamptz, active boolean not null default true);
  create table mapper_order (id text primary key, shop_id text, amount numeric(38, 10) not null, note text, data jsonb, tags text[], n integer, created_at timestamptz not null);
  create table mapper_item (id text primary key, order_id text not null, label text, price numeric(38, 10));
  insert into mapper_shop values ('s1', 'First shop', '2026-01-02T03:04:05.678Z', true), ('s2', null, null, false);
  insert into mapper_order values
    ('o1', 's1', '12.5000000000', 'paid', '{"a": [1, 2], "b": {"c": null}}', '{x,y}', 3, '2026-12-06T01:02:03.456Z'),
    ('o2', 's2', '0.0000000001', null, null, null, null, '2026-12-05T00:00:00.000Z'),
    ('o3', 'missing', '99999999.9900000000', 'no shop', '[]', '{}', 0, '2026-12-04T23:59:59.999Z'),
    ('o4', null, '1', null, 'null', '{z}', -1, '2026-12-03T12:00:00.000Z');
  insert into mapper_item values ('i1', 'o1', 'first', '6.25'), ('i2', 'o1', 'second', null), ('i3', 'o2', null, '0.5');
`);

const shop = pgTable('mapper_shop', { id: text().primaryKey(), name: text(), openedAt: timestamp({ withTimezone: true }), active: boolean().notNull() });
const order = pgTable('mapper_order', {
  id: text().primaryKey(),
  shopId: text(),
  amount: moneyColumn().notNull(),
  note: text(),
  data: jsonb().$type<unknown>(),
  tags: text().array(),
  n: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
const item = pgTable('mapper_item', { id: text().primaryKey(), orderId: text().notNull(), label: text(), price: moneyColumn() });
const otherShop = alias(shop, 'other_shop');
/** drizzle's own row mapper (internal to drizzle, so not in its types): what the compiled mapper must match. */
const { mapResultRow } = drizzleUtils as unknown as { mapResultRow(fields: unknown, row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined): unknown };

/** Statements of the shapes the API prepares, each built twice: drizzle's mapping, and the compiled one. */
const statements = {
  whole: (name: string) => db.select().from(order).orderBy(asc(order.id)).prepare(name),
  leftJoins: (name: string) =>
    db
      .select({ order, shop, item: { label: item.label, price: item.price } })
      .from(order)
      .leftJoin(shop, eq(shop.id, order.shopId))
      .leftJoin(item, eq(item.orderId, order.id))
      .orderBy(asc(order.id), asc(item.id))
      .prepare(name),
  // a group whose first column is null while the joined row exists: drizzle makes the whole group null
  firstColumnNull: (name: string) =>
    db
      .select({ id: order.id, shop: { name: shop.name, id: shop.id, active: shop.active } })
      .from(order)
      .leftJoin(shop, eq(shop.id, order.shopId))
      .orderBy(asc(order.id))
      .prepare(name),
  // a group mixing two tables is never made null; sql`` fields, an aliased table, deeper paths
  mixed: (name: string) =>
    db
      .select({
        group: { shopName: otherShop.name, orderNote: order.note },
        // three levels deep: drizzle maps it, though its types stop at two
        deep: { level: { amount: order.amount, opened: otherShop.openedAt } } as unknown as Record<string, typeof order.amount>,
        count: sql<number>`(select count(*) from ${item} where ${item.orderId} = ${order.id})`.mapWith(Number),
        label: sql<string | null>`(select ${item.label} from ${item} where ${item.orderId} = ${order.id} order by ${item.id} limit 1)`.as('first_label'),
        raw: sql<string>`${order.id} || '!'`,
      })
      .from(order)
      .leftJoin(otherShop, eq(otherShop.id, order.shopId))
      .orderBy(asc(order.id))
      .prepare(name),
  // a subquery's fields as one group, joined laterally (the buyer's order list's shape)
  subquery: (name: string) => {
    const page = db.select({ id: order.id, amount: order.amount, createdAt: order.createdAt, shopId: order.shopId }).from(order).orderBy(asc(order.id)).limit(3).as('page');
    const first = db.select({ label: item.label, price: item.price }).from(item).where(eq(item.orderId, page.id)).orderBy(asc(item.id)).limit(1).as('first');
    return db
      .select({ order: page._.selectedFields, shopName: shop.name, firstLabel: first.label, firstPrice: first.price })
      .from(page)
      .leftJoin(shop, eq(shop.id, page.shopId))
      .leftJoinLateral(first, sql`true`)
      .orderBy(asc(page.id))
      .prepare(name);
  },
};

type Driver = {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  queryString: string;
  params: unknown[];
  queryConfig: { types: unknown };
};

/** The keys of a row's objects in their order, nested ones after their key: what toEqual does not compare. */
function keyOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date || Array.isArray(value)) return '.';
  return Object.entries(value).map(([key, child]) => [key, keyOrder(child)]);
}

describe('rows mapped by a mapper compiled once per statement', () => {
  for (const [kind, build] of Object.entries(statements)) {
    it(`gives the rows drizzle gives: ${kind}`, async () => {
      const drizzle = build(`mapper_${kind}_drizzle`);
      const compiled = withCompiledRows(build(`mapper_${kind}_compiled`));
      expect((drizzle as unknown as Driver).customResultMapper).toBeUndefined();
      expect((compiled as unknown as Driver).customResultMapper).toBeTypeOf('function');
      const expected = await drizzle.execute();
      expect(expected.length).toBeGreaterThan(0);
      expect(await compiled.execute()).toEqual(expected);
    });
  }

  it('follows the left-join null rule as drizzle does on every pattern of nulls in the raw rows', async () => {
    for (const [kind, build] of Object.entries(statements)) {
      const statement = build(`mapper_${kind}_raw`) as unknown as Driver;
      // the raw rows as drizzle's driver reads them (its own type parsers: dates stay text)
      const { rows } = await pool.query({ text: statement.queryString, values: statement.params, rowMode: 'array', types: statement.queryConfig.types as never });
      const mapper = compileRowMapper(statement.fields, statement.joinsNotNullableMap);
      // every value of the first row by turns null, then pairs, then all: the raw rows drizzle maps
      const width = statement.fields.length;
      const base = rows[0] as unknown[];
      const variants: unknown[][] = [base, base.map(() => null)];
      for (let index = 0; index < width; index++) {
        variants.push(base.map((value, at) => (at === index ? null : value)));
        variants.push(base.map((value, at) => (at === index || at === (index + 1) % width ? null : value)));
      }
      const ours = mapper([...variants, ...(rows as unknown[][])]);
      const theirs = [...variants, ...(rows as unknown[][])].map((row) => mapResultRow(statement.fields, row, statement.joinsNotNullableMap));
      expect(ours, kind).toEqual(theirs);
      // and with their keys in drizzle's order (answers are written in it)
      expect(ours.map(keyOrder), kind).toEqual(theirs.map(keyOrder));
    }
  });

  it('decodes through the columns (money as bigint units, dates, JSON, arrays) and leaves plain values alone', async () => {
    const rows = await withCompiledRows(statements.whole('mapper_decoded')).execute();
    expect(rows[0]).toEqual({
      id: 'o1',
      shopId: 's1',
      amount: money.fromDb('12.5'),
      note: 'paid',
      data: { a: [1, 2], b: { c: null } },
      tags: ['x', 'y'],
      n: 3,
      createdAt: new Date('2026-12-06T01:02:03.456Z'),
    });
    expect(typeof rows[1]?.amount).toBe('bigint');
    expect(rows[1]).toMatchObject({ note: null, data: null, tags: null, n: null });
  });

  it('is given to every statement built once, and to none without columns', async () => {
    const listed = (on: typeof db) => builtOnce(on, 'mapper_once', (executor, name) => executor.select({ id: order.id }).from(order).orderBy(asc(order.id)).prepare(name));
    expect((listed(db) as unknown as Driver).customResultMapper).toBeTypeOf('function');
    // drizzle's driver runs it instead of its own mapping (an internal of drizzle: an upgrade that drops it fails here)
    const driver = listed(db) as unknown as Driver & { customResultMapper: (rows: unknown[][]) => unknown };
    const compiled = driver.customResultMapper;
    let mapped = 0;
    driver.customResultMapper = (rows) => {
      mapped += rows.length;
      return compiled(rows);
    };
    expect(await listed(db).execute()).toEqual([{ id: 'o1' }, { id: 'o2' }, { id: 'o3' }, { id: 'o4' }]);
    expect(mapped).toBe(4);
    // a statement without selected fields answers pg's result as it is (builtSqlOnce's kind)
    const bare = { execute: async () => 'pg result', fields: undefined, customResultMapper: undefined };
    expect(withCompiledRows(bare).customResultMapper).toBeUndefined();
  });
});
