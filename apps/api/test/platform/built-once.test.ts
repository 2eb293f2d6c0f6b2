import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PgDialect, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Executor } from '@caravan/db/client';
import { createTestDatabase } from '../../../../tests/support/database.ts';
import { builtOnce, builtSqlOnce, fillList, fillRow, listPlaceholders, MAX_BUILT_SHAPES, placeholderRow, rowShape } from '../../src/platform/sql.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer, listing, placeOrder } from '../support/orders.ts';
import { recordStatements } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, SAFEWORD, TRC20_ADDRESS } from '../support/wallet.ts';

// Statements built once per shape (platform/sql.ts builtOnce): drizzle builds the text the first time,
// every later call only binds its values, on the connection of the call's own executor.

const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;
await db.execute(sql`create table built_once_probe (id text primary key, note text, at timestamptz, data jsonb, n integer not null default 7)`);
const probe = pgTable('built_once_probe', {
  id: text().primaryKey(),
  note: text(),
  at: timestamp({ withTimezone: true }),
  data: jsonb().$type<Record<string, unknown>>(),
  n: integer().notNull().default(7),
});
type ProbeRow = typeof probe.$inferInsert;

/** Inserts a probe row with a statement built once per row shape; `builds` counts the builds. */
let builds = 0;
async function insertProbe(executor: Executor, row: ProbeRow) {
  await builtSqlOnce(executor, `probe_insert:${rowShape(row)}`, (on) => {
    builds += 1;
    return on.insert(probe).values(placeholderRow('p_', row)).getSQL();
  }).execute(fillRow('p_', row, {}));
}

const byId = (executor: Executor, id: string) => builtOnce(executor, 'probe_by_id', (on, name) => on.select().from(probe).where(eq(probe.id, sql.placeholder('id'))).prepare(name)).execute({ id });

describe('statements built once', () => {
  it('builds a shape once and binds each call its own values (dates, JSON, text)', async () => {
    const at = new Date('2026-12-06T01:02:03.456Z');
    await insertProbe(db, { id: 'a', note: 'first', at, data: { list: [1, 2], nested: { ok: true } } });
    await insertProbe(db, { id: 'b', note: 'second', at: new Date('2027-01-01T00:00:00.000Z'), data: { other: 'value' } });
    expect(builds).toBe(1);
    expect(await byId(db, 'a')).toEqual([{ id: 'a', note: 'first', at, data: { list: [1, 2], nested: { ok: true } }, n: 7 }]);
    expect((await byId(db, 'b'))[0]).toMatchObject({ note: 'second', data: { other: 'value' } });
  });

  it('writes a null as SQL null and leaves an undefined value to the column default, each a shape of its own', async () => {
    const before = builds;
    await insertProbe(db, { id: 'c', note: null, at: undefined, data: null, n: 3 });
    await insertProbe(db, { id: 'd', note: 'text', at: undefined, data: null, n: 4 });
    await insertProbe(db, { id: 'e', note: null, at: undefined, data: null, n: 5 });
    // c and e share a shape (note null); d sets note: two builds
    expect(builds - before).toBe(2);
    expect(rowShape({ id: 'x', note: null, at: undefined })).toBe('id,note=null,');
    expect((await byId(db, 'c'))[0]).toMatchObject({ note: null, at: null, data: null, n: 3 });
    // SQL's null, not JSON's (both read back as null)
    expect((await database.pool.query("select count(*)::int as n from built_once_probe where id = 'c' and data is null and note is null")).rows[0].n).toBe(1);
    expect((await byId(db, 'd'))[0]).toMatchObject({ note: 'text', n: 4 });
    await insertProbe(db, { id: 'f' });
    expect((await byId(db, 'f'))[0]).toMatchObject({ note: null, n: 7 });
  });

  it("runs on a transaction's own connection: rolled back with it, unseen by others until it commits", async () => {
    let seenInside: unknown[] = [];
    let seenOutside: unknown[] = [];
    await expect(
      db.transaction(async (tx) => {
        await insertProbe(tx, { id: 'in-tx', note: 'rolled back' });
        seenInside = await byId(tx, 'in-tx');
        seenOutside = await byId(db, 'in-tx');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside).toHaveLength(1);
    expect(seenOutside).toEqual([]);
    expect(await byId(db, 'in-tx')).toEqual([]);
  });

  it('binds lists of ids, one statement per length', async () => {
    const ids = ['a', 'b', 'f'];
    const query = (count: number) =>
      builtOnce(db, `probe_in:${count}`, (on, name) =>
        on
          .select({ id: probe.id })
          .from(probe)
          .where(sql`${probe.id} in (${sql.join(listPlaceholders('id', count), sql`, `)})`)
          .orderBy(probe.id)
          .prepare(name),
      );
    expect(await query(3).execute(fillList('id', ids, {}))).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'f' }]);
    expect(await query(3).execute(fillList('id', ['c', 'd', 'missing'], {}))).toEqual([{ id: 'c' }, { id: 'd' }]);
    expect(await query(1).execute(fillList('id', ['e'], {}))).toEqual([{ id: 'e' }]);
  });

  it('refuses a statement built with a value (it would be reused by every call) and keeps nothing of it', async () => {
    const build = (id: string) => builtOnce(db, 'probe_baked', (on, name) => on.select().from(probe).where(eq(probe.id, id)).prepare(name));
    expect(() => build('a')).toThrow('statement probe_baked was built with a value (parameter 1): every value must be a placeholder');
    // drizzle's limit is a value too
    expect(() => builtOnce(db, 'probe_limit', (on, name) => on.select().from(probe).where(eq(probe.id, sql.placeholder('id'))).limit(1).prepare(name))).toThrow(/probe_limit was built with a value \(parameter 2\)/);
    // not cached: a correct build of the same shape later is taken
    expect(await builtOnce(db, 'probe_baked', (on, name) => on.select().from(probe).where(eq(probe.id, sql.placeholder('id'))).prepare(name)).execute({ id: 'a' })).toHaveLength(1);
  });

  it('refuses an SQL value in a row of placeholders, and a missing value when run', async () => {
    expect(() => placeholderRow('p_', { id: 'x', note: sql`'built'` })).toThrow('p_note: an SQL value belongs in the statement\'s build, not in a row of placeholders');
    await expect(builtSqlOnce(db, `probe_insert:${rowShape({ id: 'x', note: 'y' })}`, () => sql`select 1`).execute({ p_id: 'x' })).rejects.toThrow('No value for placeholder "p_note" was provided');
    expect(await byId(db, 'x')).toEqual([]);
  });
});

// The money paths' statements are built once: a second checkout, payment or withdrawal builds none of them again.
const t = await useTestApp();
await seedSmallCatalogue(t, { products: 10, shops: 2 });

/** Runs `work` once to build, then again while recording what drizzle builds and what is sent. */
async function builtAndSent(work: () => Promise<void>): Promise<{ built: string[]; sent: string[] }> {
  await work();
  const dialect = PgDialect.prototype as unknown as { sqlToQuery: (...args: unknown[]) => { sql: string } };
  const original = dialect.sqlToQuery;
  const built: string[] = [];
  dialect.sqlToQuery = function (this: unknown, ...args: unknown[]) {
    const query = original.apply(this, args);
    built.push(query.sql);
    return query;
  };
  try {
    t.clock.advance(60_000);
    return { built, sent: (await recordStatements(work)).statements.map((statement) => statement.text) };
  } finally {
    dialect.sqlToQuery = original;
  }
}

function expectBuiltOnce({ built, sent }: { built: string[]; sent: string[] }, patterns: RegExp[]) {
  for (const pattern of patterns) {
    expect(sent.some((text) => pattern.test(text)), `${pattern} sent`).toBe(true);
    expect(built.filter((text) => pattern.test(text)), `${pattern} built again`).toEqual([]);
  }
}

describe('the money paths\' statements', () => {
  it('are not rebuilt by a later checkout and payment, which send the same texts', async () => {
    const user = await buyer(t, '5000');
    const goods = await listing(t);
    const checkout = async () => {
      const orderId = await placeOrder(t, user, { sellerGoodsId: goods.sellerGoodsId, goodsNum: 1 });
      const paid = await t.call('order!pay', { orderId, safeword: SAFEWORD }, { token: user.token, headers: { 'idempotency-key': `pay-${orderId}` } });
      expect(paid.code, paid.msg).toBe('0');
    };
    expectBuiltOnce(await builtAndSent(checkout), [
      /insert into "order_items"/, /update "orders"/, /insert into "ledger_transfers"/, /from "ledger_accounts" .*for update/, /insert into "ledger_accounts"/,
      /from "orders" .*for update/, /insert into "idempotency_records"/, /from "seller_goods" inner join "goods"/, /update "goods_skus"/,
      /insert into "credential_lockouts"/, /from "users"/, /from "addresses"/, /lock_buyer_unpaid_orders/,
    ]);
  });

  it('are not rebuilt by a later withdrawal of another user', async () => {
    const users = [await buyer(t, '500'), await buyer(t, '500')];
    for (const user of users) {
      const bound = await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, { token: user.token });
      expect(bound.code, bound.msg).toBe('0');
    }
    let next = 0;
    const withdraw = async () => {
      const user = users[next++]!;
      const applied = await t.call('withdraw!apply', { amount: '12.34', safeword: SAFEWORD, channel: 'USDT' }, { token: user.token, headers: { 'idempotency-key': `withdraw-${user.id}` } });
      expect(applied.code, applied.msg).toBe('0');
    };
    expectBuiltOnce(await builtAndSent(withdraw), [
      /from "withdraw_addresses"/, /count\(\*\) filter/, /update "recharge_orders"/, /select exists \(\(select 1 from "recharge_orders"/, /insert into "idempotency_records"/, /insert into "ledger_transfers"/, /from "ledger_accounts" .*for update/,
      /insert into "credential_lockouts"/, /update "idempotency_records"/, /insert into "withdraw_orders"/,
    ]);
    await expectLedgerConsistent(t);
  });
});

// last in the file: it fills the process's shapes
describe('the number of shapes kept', () => {
  it(`keeps at most MAX_BUILT_SHAPES (${MAX_BUILT_SHAPES}); a shape past them is built for each call, unnamed, and still answers`, async () => {
    const select = (on: typeof db, name: string) => on.select({ id: probe.id }).from(probe).where(eq(probe.id, sql.placeholder('id'))).prepare(name);
    const names = new Set<string>();
    for (let index = 0; index < MAX_BUILT_SHAPES; index += 1) builtOnce(db, `probe_fill:${index}`, (on, name) => (names.add(name), select(on as typeof db, name)));
    // the shapes built by the tests above are kept too, so some of these were already past the limit
    expect(names.has('')).toBe(true);
    let builds = 0;
    const past = () =>
      builtOnce(db, 'probe_past_the_limit', (on, name) => {
        builds += 1;
        expect(name).toBe('');
        return select(on as typeof db, name);
      });
    const { statements } = await recordStatements(async () => {
      expect(await past().execute({ id: 'a' })).toEqual([{ id: 'a' }]);
      expect(await past().execute({ id: 'b' })).toEqual([{ id: 'b' }]);
    });
    expect(builds).toBe(2);
    // an earlier shape is still the one built
    expect(await byId(db, 'f')).toHaveLength(1);
    expect(statements).toHaveLength(2);
  });
});
